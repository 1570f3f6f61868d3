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
class Cat(_Record):
    """``Cat`` (no description in the spec)."""

    kind: str
    meows: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Cat:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            kind=d["kind"] if type(d.get("kind")) is str else _req(d, "kind", _str),
            meows=(
                d["meows"] if type(d.get("meows")) is bool else _req(d, "meows", _bool)
            ),
            extra_fields={} if _KEYS_Cat.issuperset(d) else _extras(d, _KEYS_Cat),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["kind"] = self.kind
        d["meows"] = self.meows
        d.update(self.extra_fields)
        return d


_KEYS_Cat = frozenset({"kind", "meows"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Dog(_Record):
    """``Dog`` (no description in the spec)."""

    kind: str
    barks: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Dog:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            kind=d["kind"] if type(d.get("kind")) is str else _req(d, "kind", _str),
            barks=(
                d["barks"] if type(d.get("barks")) is bool else _req(d, "barks", _bool)
            ),
            extra_fields={} if _KEYS_Dog.issuperset(d) else _extras(d, _KEYS_Dog),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["kind"] = self.kind
        d["barks"] = self.barks
        d.update(self.extra_fields)
        return d


_KEYS_Dog = frozenset({"kind", "barks"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Bird(_Record):
    """``Bird`` (no description in the spec)."""

    kind: str
    sings: bool | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Bird:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            kind=d["kind"] if type(d.get("kind")) is str else _req(d, "kind", _str),
            sings=(
                None
                if (v := d.get("sings")) is None
                else v if type(v) is bool else _opt(d, "sings", _bool)
            ),
            extra_fields={} if _KEYS_Bird.issuperset(d) else _extras(d, _KEYS_Bird),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["kind"] = self.kind
        if self.sings is not None:
            d["sings"] = self.sings
        d.update(self.extra_fields)
        return d


_KEYS_Bird = frozenset({"kind", "sings"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Record):
    """``Root`` (no description in the spec)."""

    pet: Cat | Dog | Bird
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            pet=_req(d, "pet", _P_tagged_kind_cat_Cat_dog_Dog_bird_Bird),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["pet"] = _dump(self.pet)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"pet"})
