@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    req: str
    req_null: str | None
    opt: str | None = None
    opt_null: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"req", "req_null", "opt", "opt_null"})
