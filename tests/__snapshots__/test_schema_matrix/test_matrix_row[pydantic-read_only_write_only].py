class Root(_Model):
    id: str
    secret: str | None = None
