KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


class Пользователь(_Model):
    имя: str
    Uni: int | None = Field(default=None, alias="Ünï")


class NoneModel(_Model):
    """From ``#/components/schemas/None`` (``None`` is a Python keyword)."""

    x: str | None = None


class Root(_Model):
    user: Пользователь
    none: NoneModel | None = None
    kind: KindOf | str | None = None
