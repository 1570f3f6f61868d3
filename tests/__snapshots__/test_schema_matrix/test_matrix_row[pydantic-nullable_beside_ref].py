class Part(_Model):
    text: str


class Root(_Model):
    part: Part | None
