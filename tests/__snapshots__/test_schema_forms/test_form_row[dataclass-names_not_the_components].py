KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


@dataclass(kw_only=True, slots=True)
class Пользователь:
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


@dataclass(kw_only=True, slots=True)
class NoneModel:
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


@dataclass(kw_only=True, slots=True)
class Root:
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
