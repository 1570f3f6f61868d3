@_model
class Closed(_Dataclass):
    """``Closed`` (no description in the spec)."""

    name: str | None = None
    extra_fields: dict[str, str | int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Closed = frozenset({"name"})


@_model
class Open(_Dataclass):
    """``Open`` (no description in the spec)."""

    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Open = frozenset[str]()


@_model
class Typed(_Dataclass):
    """``Typed`` (no description in the spec)."""

    extra_fields: dict[str, str | Open | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Typed = frozenset[str]()


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"closed", "open", "typed"})
