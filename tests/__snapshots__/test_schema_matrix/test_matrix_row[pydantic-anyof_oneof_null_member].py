class Part(_Model):
    text: str


class Root(_Model):
    a: str | None
    b: Part | None
