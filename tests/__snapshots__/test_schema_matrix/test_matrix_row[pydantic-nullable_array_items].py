class Root(_Model):
    values: list[int | None]
