@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    count: int | None = None
    """Spec default (not applied): ``3``."""
    mode: Literal["a", "b"] | str | None = None
    """Spec default (not applied): ``'b'``."""
    note: str | None = None
    """Spec default (not applied): ``None``."""
    flag: bool | None = None
    """Spec default (not applied): ``False``."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"count", "mode", "note", "flag"})
