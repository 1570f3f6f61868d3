KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


class Пользователь(_Model):
    """``Пользователь`` (no description in the spec)."""

    имя: str
    Uni: int | None = Field(default=None, alias="Ünï")


class NoneModel(_Model):
    """From ``#/components/schemas/None`` (``None`` is a Python keyword)."""

    x: str | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    user: Пользователь
    none: NoneModel | None = None
    kind: KindOf | str | None = None
