@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    value: typing.Optional[Json] = None  # noqa: UP045
    values: list[typing.Optional[Json]] | None = None  # noqa: UP045
    words: typing.Optional[Words] = None  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"value", "values", "words"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)


Words: TypeAlias = "str | list[Words]"
