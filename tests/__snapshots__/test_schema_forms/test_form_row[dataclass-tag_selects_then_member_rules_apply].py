@_model
class TextPart(_Dataclass):
    type: Literal["text"] | str
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
    type: Literal["image"] | str
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
    type: Literal["group"] | str
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
    mapped: TextPart | ImagePart | None = None
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


Part: TypeAlias = "TextPart | ImagePart | GroupPart"
