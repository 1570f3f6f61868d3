class RootValue(_Struct, kw_only=True):
    text: str


class RootValueModel(_Struct, kw_only=True):
    url: str


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        value: RootValue | RootValueModel | str
    else:
        value: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("value", "value"),)

    def __post_init__(self) -> None:
        self.value = _checked(_C_Root_value, self.value, "value")


_KEYS_Root = frozenset({"value"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_value = _OneOf((RootValue, RootValueModel, str))
