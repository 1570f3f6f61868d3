class Root(_Struct, kw_only=True):
    """Spec defaults, not applied: ``switch='on'``, ``version='1.10'``."""

    switch: Literal["on", "off", "yes", "no", "1.10", "2024-01-01"] | str | None = None
    version: str | None = None


_KEYS_Root = frozenset({"switch", "version"})
