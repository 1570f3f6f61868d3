KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


@_model
class Пользователь(_Dataclass):
    имя: str
    Uni: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            имя=_Field("имя", _str, fast=str),
            Uni=_Field("Ünï", _int, fast=int, optional=True),
        )
    )


@_model
class NoneModel(_Dataclass):
    """From ``#/components/schemas/None`` (``None`` is a Python keyword)."""

    x: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            x=_Field("x", _str, fast=str, optional=True),
        )
    )


@_model
class Root(_Dataclass):
    user: Пользователь
    none: NoneModel | None = None
    kind: KindOf | str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            user=_Field("user", Пользователь.from_dict, dump=True),
            none=_Field("none", NoneModel.from_dict, optional=True, dump=True),
            kind=_Field("kind", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"user", "none", "kind"})
