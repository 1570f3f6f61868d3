@dataclass(kw_only=True, slots=True)
class Maybe:
    """``Maybe`` (no description in the spec)."""

    note: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Maybe:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            note=(
                None
                if (v := d.get("note")) is None
                else v if type(v) is str else _opt(d, "note", _str)
            ),
            extra_fields={} if _KEYS_Maybe.issuperset(d) else _extras(d, _KEYS_Maybe),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.note is not None:
            d["note"] = self.note
        d.update(self.extra_fields)
        return d


_KEYS_Maybe = frozenset({"note"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    maybe: Maybe | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            maybe=_req(d, "maybe", _P_nullable_Maybe),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["maybe"] = _dump(self.maybe)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"maybe"})
