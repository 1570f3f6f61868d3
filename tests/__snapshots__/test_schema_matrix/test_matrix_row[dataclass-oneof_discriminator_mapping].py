@dataclass(kw_only=True, slots=True)
class Cat:
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


@dataclass(kw_only=True, slots=True)
class Dog:
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


@dataclass(kw_only=True, slots=True)
class Bird:
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


@dataclass(kw_only=True, slots=True)
class Root:
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
