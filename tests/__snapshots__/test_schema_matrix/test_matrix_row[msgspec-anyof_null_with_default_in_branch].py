class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    tier: Literal["auto", "default"] | str | None = None
    """Spec default (not applied): ``'auto'``."""


_KEYS_Root = frozenset({"tier"})
