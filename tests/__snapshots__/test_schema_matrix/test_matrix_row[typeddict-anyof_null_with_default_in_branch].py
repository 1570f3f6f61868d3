class Root(TypedDict):
    """Spec defaults, not applied: ``tier='auto'``."""

    tier: NotRequired[Literal["auto", "default"] | str | None]


_KEYS_Root = frozenset({"tier"})
