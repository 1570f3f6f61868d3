@_model
class TextPart(_Dataclass):
    """``TextPart`` (no description in the spec)."""

    type: Literal["text"] | str
    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class ImagePart(_Dataclass):
    """``ImagePart`` (no description in the spec)."""

    type: Literal["image"] | str
    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class GroupPart(_Dataclass):
    """``GroupPart`` (no description in the spec)."""

    type: Literal["group"] | str
    parts: list[Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    part: Part
    parts: list[Part] | None = None
    mapped: TextPart | ImagePart | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"part", "parts", "mapped"})


Part: TypeAlias = "TextPart | ImagePart | GroupPart"
