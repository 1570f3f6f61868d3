@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    tier: Literal["auto", "default"] | str | None = None
    """Spec default (not applied): ``'auto'``."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"tier"})
