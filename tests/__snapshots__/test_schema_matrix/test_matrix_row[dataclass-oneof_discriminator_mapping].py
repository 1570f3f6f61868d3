@_model
class Cat(_Dataclass):
    """``Cat`` (no description in the spec)."""

    kind: str
    meows: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Dog(_Dataclass):
    """``Dog`` (no description in the spec)."""

    kind: str
    barks: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Bird(_Dataclass):
    """``Bird`` (no description in the spec)."""

    kind: str
    sings: bool | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    pet: Cat | Dog | Bird
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"pet"})
