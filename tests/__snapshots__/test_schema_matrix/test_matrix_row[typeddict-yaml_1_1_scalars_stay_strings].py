class Root(TypedDict):
    """Spec defaults, not applied: ``switch='on'``, ``version='1.10'``."""

    switch: NotRequired[
        Literal["on", "off", "yes", "no", "1.10", "2024-01-01"] | str | None
    ]
    version: NotRequired[str | None]


_KEYS_Root = frozenset({"switch", "version"})
