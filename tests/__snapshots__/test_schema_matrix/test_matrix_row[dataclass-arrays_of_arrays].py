@_model
class RootTaggedItemItem(_Dataclass):
    """The object at ``Root.tagged[][]`` (the spec describes it no further)."""

    v: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    grid: list[list[float]]
    tagged: list[list[RootTaggedItemItem]] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"grid", "tagged"})
