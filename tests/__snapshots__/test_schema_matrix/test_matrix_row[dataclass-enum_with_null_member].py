@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    mode: Literal["fast", "slow"] | str | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"mode"})
