class Part(_Model):
    text: str | None = None


class Root(_Model):
    part: Part | None
    """An allOf-wrapped $ref, made nullable."""
