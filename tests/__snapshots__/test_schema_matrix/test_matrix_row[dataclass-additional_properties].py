@_model
class RootFree(_Dataclass):
    """The object at ``Root.free`` (the spec describes it no further)."""

    a: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class RootClosed(_Dataclass):
    """The object at ``Root.closed`` (the spec describes it no further)."""

    a: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class RootTyped(_Dataclass):
    """The object at ``Root.typed`` (the spec describes it no further)."""

    a: str | None = None
    extra_fields: dict[str, int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_RootTyped = frozenset({"a"})


@_model
class Part(_Dataclass):
    """``Part`` (no description in the spec)."""

    text: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"free", "closed", "typed", "map"})
