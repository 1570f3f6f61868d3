class Maybe(_Model):
    note: str | None = None


class Root(_Model):
    maybe: Maybe | None
