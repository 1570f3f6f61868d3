class Root(_Model):
    """Ends with a quote " and has \"\"\" inside, a backslash \\ and {{ 7*7 }} {% include
    'x' %}"""

    a: str | None = None
    """Non-ASCII: naïve café — ✓; a line
    then another; trailing backslash \\"""
    b: str | None = None
    """line separator, \u202ebidi, NUL \x00 and a tab\tend"""
