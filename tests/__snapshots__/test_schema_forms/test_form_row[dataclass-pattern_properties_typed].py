@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    name: str
    extra_fields: dict[str, str | int | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"name"})
