class RootTaggedItemItem(_Model):
    v: int | None = None


class Root(_Model):
    grid: list[list[float]]
    tagged: list[list[RootTaggedItemItem]] | None = None
