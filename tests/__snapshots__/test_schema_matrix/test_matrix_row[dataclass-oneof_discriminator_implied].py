@_model
class UnknownRootShape(_Dataclass):
    """A member of ``RootShape`` that this module's spec does not list (servers add kinds before the spec does): its tag ``type`` names no member the spec lists. Every other field is kept as it came."""

    type: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Circle(_Dataclass):
    """``Circle`` (no description in the spec)."""

    type: Literal["circle"]
    r: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Square(_Dataclass):
    """``Square`` (no description in the spec)."""

    type: Literal["Square"]
    side: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    shape: Circle | Square | UnknownRootShape
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"shape"})
