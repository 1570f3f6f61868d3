@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    v: Literal["a-b", "a b", "a_b", "1st", "class", "ümlaut", "", 'it\'s "q"'] | str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"v"})
