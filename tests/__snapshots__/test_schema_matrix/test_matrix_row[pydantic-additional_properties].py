class RootFree(_Model):
    a: str | None = None


class RootClosed(_Model):
    a: str | None = None


class RootTyped(_Model):
    a: str | None = None
    __pydantic_extra__: dict[str, int] = Field(init=False)


class Part(_Model):
    text: str | None = None


class Root(_Model):
    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]
