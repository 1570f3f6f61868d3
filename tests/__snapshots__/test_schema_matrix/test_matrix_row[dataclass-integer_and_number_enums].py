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


Level: TypeAlias = Literal[1, 2, 3]
"""Values: 1 = LOW, 2 = MID, 3 = HIGH."""


Ratio: TypeAlias = Literal[1, 2]


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Record):
    """``Root`` (no description in the spec)."""

    lvl: Level | int
    code: Literal[200, 404] | int
    """Values: 200 = Ok, 404 = NotFound."""
    ratio: Ratio | float
    frac: float
    mixed: Literal[1, "a"] | str | int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            lvl=d["lvl"] if type(d.get("lvl")) is int else _req(d, "lvl", _int),
            code=d["code"] if type(d.get("code")) is int else _req(d, "code", _int),
            ratio=_req(d, "ratio", _float),
            frac=d["frac"] if type(d.get("frac")) is float else _req(d, "frac", _float),
            mixed=(
                None
                if d.get("mixed") is None
                else _opt(d, "mixed", _P_first_of_str_int)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["lvl"] = self.lvl
        d["code"] = self.code
        d["ratio"] = self.ratio
        d["frac"] = self.frac
        if self.mixed is not None:
            d["mixed"] = self.mixed
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"lvl", "code", "ratio", "frac", "mixed"})
