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


KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Пользователь(_Record):
    """``Пользователь`` (no description in the spec)."""

    имя: str
    Uni: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Пользователь:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            имя=d["имя"] if type(d.get("имя")) is str else _req(d, "имя", _str),
            Uni=(
                None
                if (v := d.get("Ünï")) is None
                else v if type(v) is int else _opt(d, "Ünï", _int)
            ),
            extra_fields=(
                {}
                if _KEYS_Пользователь.issuperset(d)
                else _extras(d, _KEYS_Пользователь)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["имя"] = self.имя
        if self.Uni is not None:
            d["Ünï"] = self.Uni
        d.update(self.extra_fields)
        return d


_KEYS_Пользователь = frozenset({"имя", "Ünï"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class NoneModel(_Record):
    """From ``#/components/schemas/None`` (``None`` is a Python keyword)."""

    x: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> NoneModel:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            x=(
                None
                if (v := d.get("x")) is None
                else v if type(v) is str else _opt(d, "x", _str)
            ),
            extra_fields=(
                {} if _KEYS_NoneModel.issuperset(d) else _extras(d, _KEYS_NoneModel)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.x is not None:
            d["x"] = self.x
        d.update(self.extra_fields)
        return d


_KEYS_NoneModel = frozenset({"x"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Record):
    """``Root`` (no description in the spec)."""

    user: Пользователь
    none: NoneModel | None = None
    kind: KindOf | str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            user=_req(d, "user", Пользователь.from_dict),
            none=(
                None if d.get("none") is None else _opt(d, "none", NoneModel.from_dict)
            ),
            kind=(
                None
                if (v := d.get("kind")) is None
                else v if type(v) is str else _opt(d, "kind", _str)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["user"] = _dump(self.user)
        if self.none is not None:
            d["none"] = _dump(self.none)
        if self.kind is not None:
            d["kind"] = self.kind
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"user", "none", "kind"})
