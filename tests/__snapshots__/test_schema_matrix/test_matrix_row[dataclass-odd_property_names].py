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
class Root(_Record):
    """``Root`` (no description in the spec)."""

    class_: str
    field_2nd: str
    a_b_: str
    a_b__: str
    a_b___: str
    cafe: str
    a_b: str
    field_id: str
    from_dict_: str
    str_: str
    model_dump_: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            class_=(
                d["class"] if type(d.get("class")) is str else _req(d, "class", _str)
            ),
            field_2nd=d["2nd"] if type(d.get("2nd")) is str else _req(d, "2nd", _str),
            a_b_=d["a-b"] if type(d.get("a-b")) is str else _req(d, "a-b", _str),
            a_b__=d["a.b"] if type(d.get("a.b")) is str else _req(d, "a.b", _str),
            a_b___=d["a b"] if type(d.get("a b")) is str else _req(d, "a b", _str),
            cafe=d["café"] if type(d.get("café")) is str else _req(d, "café", _str),
            a_b=d["a_b"] if type(d.get("a_b")) is str else _req(d, "a_b", _str),
            field_id=d["_id"] if type(d.get("_id")) is str else _req(d, "_id", _str),
            from_dict_=(
                d["from_dict"]
                if type(d.get("from_dict")) is str
                else _req(d, "from_dict", _str)
            ),
            str_=d["str"] if type(d.get("str")) is str else _req(d, "str", _str),
            model_dump_=(
                d["model_dump"]
                if type(d.get("model_dump")) is str
                else _req(d, "model_dump", _str)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["class"] = self.class_
        d["2nd"] = self.field_2nd
        d["a-b"] = self.a_b_
        d["a.b"] = self.a_b__
        d["a b"] = self.a_b___
        d["café"] = self.cafe
        d["a_b"] = self.a_b
        d["_id"] = self.field_id
        d["from_dict"] = self.from_dict_
        d["str"] = self.str_
        d["model_dump"] = self.model_dump_
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset(
    {
        "class",
        "2nd",
        "a-b",
        "a.b",
        "a b",
        "café",
        "a_b",
        "_id",
        "from_dict",
        "str",
        "model_dump",
    }
)
