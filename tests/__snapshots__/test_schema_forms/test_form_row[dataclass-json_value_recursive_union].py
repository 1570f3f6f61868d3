@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    value: typing.Optional[Json] = None  # noqa: UP045
    values: list[typing.Optional[Json]] | None = None  # noqa: UP045
    words: typing.Optional[Words] = None  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            value=None if d.get("value") is None else _opt(d, "value", _parse_Json),
            values=(
                None
                if d.get("values") is None
                else _opt(d, "values", _P_list_of_nullable_Json)
            ),
            words=None if d.get("words") is None else _opt(d, "words", _parse_Words),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.value is not None:
            d["value"] = _dump(self.value)
        if self.values is not None:
            d["values"] = _dump(self.values)
        if self.words is not None:
            d["words"] = _dump(self.words)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"value", "values", "words"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)


Words: TypeAlias = "str | list[Words]"
