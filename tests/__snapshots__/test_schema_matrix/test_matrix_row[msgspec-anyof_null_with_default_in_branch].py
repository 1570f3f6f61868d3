class Root(_Struct, kw_only=True):
    """Spec defaults, not applied: ``tier='auto'``."""

    tier: Literal["auto", "default"] | str | None = None


_KEYS_Root = frozenset({"tier"})
