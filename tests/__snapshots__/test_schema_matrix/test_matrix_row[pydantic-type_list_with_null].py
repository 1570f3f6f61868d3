class Root(_Model):
    value: str | int | None
