class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    switch: NotRequired[
        Literal["on", "off", "yes", "no", "1.10", "2024-01-01"] | str | None
    ]
    """Spec default (not applied): ``'on'``."""
    version: NotRequired[str | None]
    """Spec default (not applied): ``'1.10'``."""


_KEYS_Root = frozenset({"switch", "version"})
