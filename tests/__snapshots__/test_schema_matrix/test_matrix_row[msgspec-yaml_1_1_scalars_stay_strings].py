class Root(_Struct, kw_only=True):
    """``Root`` (no description in the spec)."""

    switch: Literal["on", "off", "yes", "no", "1.10", "2024-01-01"] | str | None = None
    """Spec default (not applied): ``'on'``."""
    version: str | None = None
    """Spec default (not applied): ``'1.10'``."""


_KEYS_Root = frozenset({"switch", "version"})
