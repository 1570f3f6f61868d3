@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    switch: Literal["on", "off", "yes", "no", "1.10", "2024-01-01"] | str | None = None
    """Spec default (not applied): ``'on'``."""
    version: str | None = None
    """Spec default (not applied): ``'1.10'``."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"switch", "version"})
