class Root(TypedDict):
    """Ends with a quote " and has \"\"\" inside, a backslash \\ and {{ 7*7 }} {% include
    'x' %}"""

    a: NotRequired[str | None]
    """Non-ASCII: naïve café — ✓; a line
    then another; trailing backslash \\"""
    b: NotRequired[str | None]
    """line separator, \u202ebidi, NUL \x00 and a tab\tend"""


_KEYS_Root = frozenset({"a", "b"})
