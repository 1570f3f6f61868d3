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
class Dog(_Record):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    bark: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Dog:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            petType=(
                d["petType"]
                if type(d.get("petType")) is str
                else _req(d, "petType", _str)
            ),
            name=d["name"] if type(d.get("name")) is str else _req(d, "name", _str),
            bark=d["bark"] if type(d.get("bark")) is bool else _req(d, "bark", _bool),
            extra_fields={} if _KEYS_Dog.issuperset(d) else _extras(d, _KEYS_Dog),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["petType"] = self.petType
        d["name"] = self.name
        d["bark"] = self.bark
        d.update(self.extra_fields)
        return d


_KEYS_Dog = frozenset({"petType", "name", "bark"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Cat(_Record):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    meow: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Cat:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            petType=(
                d["petType"]
                if type(d.get("petType")) is str
                else _req(d, "petType", _str)
            ),
            name=d["name"] if type(d.get("name")) is str else _req(d, "name", _str),
            meow=(
                None
                if (v := d.get("meow")) is None
                else v if type(v) is int else _opt(d, "meow", _int)
            ),
            extra_fields={} if _KEYS_Cat.issuperset(d) else _extras(d, _KEYS_Cat),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["petType"] = self.petType
        d["name"] = self.name
        if self.meow is not None:
            d["meow"] = self.meow
        d.update(self.extra_fields)
        return d


_KEYS_Cat = frozenset({"petType", "name", "meow"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Husky(_Record):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    bark: bool
    sled: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Husky:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            petType=(
                d["petType"]
                if type(d.get("petType")) is str
                else _req(d, "petType", _str)
            ),
            name=d["name"] if type(d.get("name")) is str else _req(d, "name", _str),
            bark=d["bark"] if type(d.get("bark")) is bool else _req(d, "bark", _bool),
            sled=d["sled"] if type(d.get("sled")) is bool else _req(d, "sled", _bool),
            extra_fields={} if _KEYS_Husky.issuperset(d) else _extras(d, _KEYS_Husky),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["petType"] = self.petType
        d["name"] = self.name
        d["bark"] = self.bark
        d["sled"] = self.sled
        d.update(self.extra_fields)
        return d


_KEYS_Husky = frozenset({"petType", "name", "bark", "sled"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Record):
    """``Root`` (no description in the spec)."""

    pet: Dog | Cat | Husky
    pets: list[Dog | Cat | Husky] | None = None
    maybe: Dog | Cat | Husky | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            pet=_req(d, "pet", _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky),
            pets=(
                None
                if d.get("pets") is None
                else _opt(
                    d, "pets", _P_list_of_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky
                )
            ),
            maybe=(
                None
                if d.get("maybe") is None
                else _opt(d, "maybe", _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["pet"] = _dump(self.pet)
        if self.pets is not None:
            d["pets"] = _dump(self.pets)
        if self.maybe is not None:
            d["maybe"] = _dump(self.maybe)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"pet", "pets", "maybe"})
