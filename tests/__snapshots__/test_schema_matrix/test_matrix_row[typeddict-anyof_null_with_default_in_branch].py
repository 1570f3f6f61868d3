class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    tier: NotRequired[Literal["auto", "default"] | str | None]
    """Spec default (not applied): ``'auto'``."""


_KEYS_Root = frozenset({"tier"})
