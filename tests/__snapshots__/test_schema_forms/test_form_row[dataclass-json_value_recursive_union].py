@_model
class Root(_Dataclass):
    value: typing.Optional[Json] = None  # noqa: UP045
    values: list[typing.Optional[Json]] | None = None  # noqa: UP045
    words: typing.Optional[Words] = None  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            value=_Field("value", _parse_Json, optional=True, dump=True),
            values=_Field("values", _P_list_of_nullable_Json, optional=True, dump=True),
            words=_Field("words", _parse_Words, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"value", "values", "words"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)


Words: TypeAlias = "str | list[Words]"
