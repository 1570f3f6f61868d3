class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        value: Json | None = None
    else:
        value: Any = None
    if TYPE_CHECKING:
        values: list[Json | None] | None = None
    else:
        values: Any = None
    if TYPE_CHECKING:
        words: Words | None = None
    else:
        words: Any = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (
        ("value", "value"),
        ("values", "values"),
        ("words", "words"),
    )

    def __post_init__(self) -> None:
        self.value = _checked(_C_Root_value, self.value, "value")
        self.values = _checked(_C_Root_values, self.values, "values")
        self.words = _checked(_C_Root_words, self.words, "words")


_KEYS_Root = frozenset({"value", "values", "words"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)


Words: TypeAlias = "str | list[Words]"


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Json = _Named()
_C_Words = _Named()
_C_Json.check = _OrNone(
    _OneOf((str, float, bool, _ListOf(_C_Json, True), _MapOf(_C_Json, True)))
)
_C_Words.check = _OneOf((str, _ListOf(_C_Words)))
_C_Root_value = _OrNone(_C_Json)
_C_Root_values = _OrNone(_ListOf(_C_Json, True))
_C_Root_words = _OrNone(_C_Words)
