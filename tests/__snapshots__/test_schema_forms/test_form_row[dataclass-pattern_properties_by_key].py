# ---------------------------------------------------------------------------
# The style's fixed runtime: the models' base.
#: Each model class's fields that ``__repr__`` shows or ``__eq__`` compares, by the class
#: and the field's flag (``repr``, ``compare``): found on first use.
_FLAGGED: dict[tuple[type, str], tuple[str, ...]] = {}


class _Record:
    """Base of every dataclass model: ``__repr__``, ``__eq__`` and ``__hash__`` as
    ``@dataclass(eq=True)`` makes them, written once (see the module docstring)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable and compared: unhashable

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
class Closed(_Record):
    """``Closed`` (no description in the spec)."""

    name: str | None = None
    extra_fields: dict[str, str | int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Closed:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            name=(
                None
                if (v := d.get("name")) is None
                else v if type(v) is str else _opt(d, "name", _str)
            ),
            extra_fields=_pattern_extras(
                d,
                _KEYS_Closed,
                (
                    ("^x-", _str),
                    ("count$", _int),
                    ("^n_", _int),
                ),
                None,
                True,
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.name is not None:
            d["name"] = self.name
        d.update(_dump(self.extra_fields))
        return d


_KEYS_Closed = frozenset({"name"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Open(_Record):
    """``Open`` (no description in the spec)."""

    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Open:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            extra_fields=_pattern_extras(d, _KEYS_Open, (("^x-", _str),), None, False),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d.update(_dump(self.extra_fields))
        return d


_KEYS_Open = frozenset[str]()


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Typed(_Record):
    """``Typed`` (no description in the spec)."""

    extra_fields: dict[str, str | Open | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Typed:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            extra_fields=_pattern_extras(
                d,
                _KEYS_Typed,
                (
                    ("^x-", _str),
                    ("^o_", Open.from_dict),
                ),
                _bool,
                False,
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d.update(_dump(self.extra_fields))
        return d


_KEYS_Typed = frozenset[str]()


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Record):
    """``Root`` (no description in the spec)."""

    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            closed=(
                None if d.get("closed") is None else _opt(d, "closed", Closed.from_dict)
            ),
            open=None if d.get("open") is None else _opt(d, "open", Open.from_dict),
            typed=None if d.get("typed") is None else _opt(d, "typed", Typed.from_dict),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.closed is not None:
            d["closed"] = _dump(self.closed)
        if self.open is not None:
            d["open"] = _dump(self.open)
        if self.typed is not None:
            d["typed"] = _dump(self.typed)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"closed", "open", "typed"})
