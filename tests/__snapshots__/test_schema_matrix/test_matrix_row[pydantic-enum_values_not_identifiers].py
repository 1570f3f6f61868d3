class Root(_Model):
    """``Root`` (no description in the spec)."""

    v: Literal["a-b", "a b", "a_b", "1st", "class", "ümlaut", "", 'it\'s "q"'] | str
