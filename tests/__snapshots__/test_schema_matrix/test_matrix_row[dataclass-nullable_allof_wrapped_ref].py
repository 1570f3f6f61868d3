# ---------------------------------------------------------------------------
# The style's fixed runtime: the classes' base (to_dict by each class's table).
class _Dataclass:
    """The base of the module's dataclasses: ``to_dict`` by the class's ``_Fields`` table
    (``_fields``, set once the parsers it names exist; ``from_dict`` reads it too)."""

    __slots__ = ()
    _fields: ClassVar[_Fields]
    extra_fields: dict[str, Any]  # every dataclass of the module declares these two
    null_fields: frozenset[str]  # (this one, those with a null-only field)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        table = self._fields
        d: dict[str, Any] = {}
        # a null-only field is written back when the payload sent it, models and tuples
        # through _dump, the unknown fields after the others
        for (wire, optional, dump, null_only), value in zip(
            table.writes, table.values_of(self)
        ):
            if null_only:
                if wire in self.null_fields:
                    d[wire] = None
            elif value is not None or not optional:
                d[wire] = _dump(value) if dump else value
        d.update(
            _dump(self.extra_fields)
            if table.extra_fields is not None
            else self.extra_fields
        )
        return d


@dataclass(kw_only=True, slots=True)
class Part(_Dataclass):
    """``Part`` (no description in the spec)."""

    text: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Part:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


@dataclass(kw_only=True, slots=True)
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    part: Part | None
    """An allOf-wrapped $ref, made nullable."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


_KEYS_Root = frozenset({"part"})
