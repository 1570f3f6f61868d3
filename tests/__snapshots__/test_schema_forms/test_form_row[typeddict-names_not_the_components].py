KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


Пользователь = TypedDict(
    "Пользователь",
    {
        "имя": "str",
        "Ünï": NotRequired["int | None"],
    },
)


class NoneModel(TypedDict):
    """From ``#/components/schemas/None`` (``None`` is a Python keyword)."""

    x: NotRequired[str | None]


class Root(TypedDict):
    user: Пользователь
    none: NotRequired[NoneModel | None]
    kind: NotRequired[KindOf | str | None]


_KEYS_Root = frozenset({"user", "none", "kind"})
