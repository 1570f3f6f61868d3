# ---------------------------------------------------------------------------
# The style's fixed runtime: the classes' base (to_dict by each class's table, one
# __repr__ and __eq__ for all).
#: Each model class's fields that ``__repr__`` shows or ``__eq__`` compares, by the class
#: and the field's flag (``repr``, ``compare``): found on first use.
_FLAGGED: dict[tuple[type, str], tuple[str, ...]] = {}


class _Dataclass:
    """The base of the module's dataclasses: ``to_dict`` by the class's ``_Fields`` table
    (``_fields``, set once the parsers it names exist; ``from_dict`` reads it too), and
    ``__repr__``, ``__eq__`` and ``__hash__`` as ``@dataclass(eq=True)`` makes them,
    written once (see the module docstring)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable and compared: unhashable
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

    @recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}" for name in _flagged(self, "repr")
        )
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = _flagged(self, "compare")
        return _values(self, names) == _values(other, names)


def _flagged(record: Any, flag: str) -> tuple[str, ...]:
    """The names of ``record``'s fields whose ``flag`` (``repr``, ``compare``) is set."""
    key = (type(record), flag)
    names = _FLAGGED.get(key)
    if names is None:
        names = _FLAGGED[key] = tuple(
            f.name for f in fields(record) if getattr(f, flag)
        )
    return names


def _values(record: Any, names: tuple[str, ...]) -> tuple[Any, ...]:
    """The values of ``record``'s fields ``names``, in order."""
    return tuple(getattr(record, name) for name in names)


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Closed(_Dataclass):
    """``Closed`` (no description in the spec)."""

    name: str | None = None
    extra_fields: dict[str, str | int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Closed:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


_KEYS_Closed = frozenset({"name"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Open(_Dataclass):
    """``Open`` (no description in the spec)."""

    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Open:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


_KEYS_Open = frozenset[str]()


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Typed(_Dataclass):
    """``Typed`` (no description in the spec)."""

    extra_fields: dict[str, str | Open | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Typed:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


_KEYS_Typed = frozenset[str]()


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


_KEYS_Root = frozenset({"closed", "open", "typed"})
