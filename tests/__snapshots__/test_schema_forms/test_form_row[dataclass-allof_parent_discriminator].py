@dataclass(kw_only=True, slots=True)
class Dog:
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


@dataclass(kw_only=True, slots=True)
class Cat:
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


@dataclass(kw_only=True, slots=True)
class Husky:
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


@dataclass(kw_only=True, slots=True)
class Root:
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
