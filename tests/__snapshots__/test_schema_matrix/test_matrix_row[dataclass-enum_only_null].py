@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    n: None
    o: None = None
    l: list[None] | None = None
    u: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""


_KEYS_Root = frozenset({"n", "o", "l", "u"})
