class Root(_Model):
    req: str
    req_null: str | None
    opt: str | None = None
    opt_null: str | None = None
