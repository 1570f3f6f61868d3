@_model
class Circle(_Dataclass):
    """``Circle`` (no description in the spec)."""

    kind: str
    label: str | None = None
    r: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Square(_Dataclass):
    """``Square`` (no description in the spec)."""

    kind: Literal["square", "box"] | str
    label: str | None = None
    side: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    shape: Circle | Square
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"shape"})
