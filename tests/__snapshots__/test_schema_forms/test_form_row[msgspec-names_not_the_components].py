KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


class Пользователь(_Struct, kw_only=True):
    имя: str
    Uni: int | None = msgspec.field(default=None, name="Ünï")


class NoneModel(_Struct, kw_only=True):
    """From ``#/components/schemas/None`` (``None`` is a Python keyword)."""

    x: str | None = None


class Root(_Struct, kw_only=True):
    user: Пользователь
    none: NoneModel | None = None
    kind: KindOf | str | None = None


_KEYS_Root = frozenset({"user", "none", "kind"})
