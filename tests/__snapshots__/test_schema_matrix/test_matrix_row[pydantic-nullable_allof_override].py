class Root(_Model):
    name: str | None
