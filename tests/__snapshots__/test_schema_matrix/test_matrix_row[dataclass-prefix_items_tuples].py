@_model
class Part(_Dataclass):
    """``Part`` (no description in the spec)."""

    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    pair: tuple[str, int]
    short: tuple[()] | tuple[str] | tuple[str, int] | None = None
    more: tuple[str | bool, ...]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1 item."""
    loose: tuple[Any, ...] | None = None
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of ``Any``."""
    parts: tuple[Part, str | None] | None = None
    at: Point | None = None
    old: tuple[str] | tuple[str, int] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"pair", "short", "more", "loose", "parts", "at", "old"})


Point: TypeAlias = tuple[float, float] | None
