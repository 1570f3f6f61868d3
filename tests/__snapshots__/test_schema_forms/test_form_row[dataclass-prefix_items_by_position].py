@_model
class Leaf(_Dataclass):
    """``Leaf`` (no description in the spec)."""

    n: int
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Holder(_Dataclass):
    """``Holder`` (no description in the spec)."""

    pairs: list[Pair] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    closed: tuple[str, int] | None = None
    rest: tuple[str | bool, ...] | None = None
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1 item."""
    pair: Pair | None = None
    pairs: list[Pair] | None = None
    table: dict[str, Pair] | None = None
    holder: Holder | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"closed", "rest", "pair", "pairs", "table", "holder"})


Pair: TypeAlias = tuple[str, Leaf]
