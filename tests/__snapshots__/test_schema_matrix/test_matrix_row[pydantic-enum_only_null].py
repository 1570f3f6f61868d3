class Root(_Model):
    n: None
    o: None = None
    l: list[None] | None = None
    u: str | None = None
