@_model
class UnknownRootPet(_Dataclass):
    """A member of ``RootPet`` that this module's spec does not list (servers add kinds before the spec does): its tag ``kind`` names no member the spec lists. Every other field is kept as it came."""

    kind: str
    """The tag as it came: a value the spec does not list."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Cat(_Dataclass):
    """``Cat`` (no description in the spec)."""

    kind: Literal["cat"]
    meows: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Dog(_Dataclass):
    """``Dog`` (no description in the spec)."""

    kind: Literal["dog"]
    barks: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Bird(_Dataclass):
    """``Bird`` (no description in the spec)."""

    kind: Literal["bird"]
    sings: bool | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    pet: Cat | Dog | Bird | UnknownRootPet
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"pet"})
