@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    value: Json
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"value"})


Json: TypeAlias = "str | float | list[Json] | dict[str, Json]"
