class Root(_Model):
    created: int
    at: str
    big: int
    ratio: float
    blob: str
    link: str
