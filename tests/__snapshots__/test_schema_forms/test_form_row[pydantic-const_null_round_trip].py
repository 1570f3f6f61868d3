class Root(_Model):
    code: int
    msg: str | None
    always: None
    detail: None = None
    gone: None = None
