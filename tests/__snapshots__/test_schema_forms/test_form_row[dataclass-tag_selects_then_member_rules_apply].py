@_model
class UnknownPart(_Dataclass):
    """A member of ``Part`` that this module's spec does not list (servers add kinds
    before the spec does): its tag ``type`` names no member the spec lists. Every
    other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
        )
    )


@_model
class UnknownRootMapped(_Dataclass):
    """A member of ``RootMapped`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``type`` names no member the spec lists.
    Every other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
        )
    )


@_model
class TextPart(_Dataclass):
    type: Literal["text"]
    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
            text=_Field("text", _str, fast=str),
        )
    )


@_model
class ImagePart(_Dataclass):
    type: Literal["image"]
    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
            url=_Field("url", _str, fast=str),
        )
    )


@_model
class GroupPart(_Dataclass):
    type: Literal["group"]
    parts: list[Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
            parts=_Field("parts", _P_list_of_Part, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    part: Part
    parts: list[Part] | None = None
    mapped: TextPart | ImagePart | UnknownRootMapped | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            part=_Field("part", _parse_Part, dump=True),
            parts=_Field("parts", _P_list_of_Part, optional=True, dump=True),
            mapped=_Field(
                "mapped",
                _P_tagged_type_text_TextPart_image_ImagePart,
                optional=True,
                dump=True,
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"part", "parts", "mapped"})


Part: TypeAlias = "TextPart | ImagePart | GroupPart | UnknownPart"
