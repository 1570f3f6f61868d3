@_model
class UnknownPart(_Dataclass):
    """A member of ``Part`` that this module's spec does not list (servers add kinds before the spec does): its tag ``type`` names no member the spec lists. Every other field is kept as it came."""

    type: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class UnknownRootMapped(_Dataclass):
    """A member of ``RootMapped`` that this module's spec does not list (servers add kinds before the spec does): its tag ``type`` names no member the spec lists. Every other field is kept as it came."""

    type: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class TextPart(_Dataclass):
    """``TextPart`` (no description in the spec)."""

    type: Literal["text"]
    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class ImagePart(_Dataclass):
    """``ImagePart`` (no description in the spec)."""

    type: Literal["image"]
    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class GroupPart(_Dataclass):
    """``GroupPart`` (no description in the spec)."""

    type: Literal["group"]
    parts: list[Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    part: Part
    parts: list[Part] | None = None
    mapped: TextPart | ImagePart | UnknownRootMapped | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"part", "parts", "mapped"})


Part: TypeAlias = "TextPart | ImagePart | GroupPart | UnknownPart"
