@dataclass(kw_only=True, slots=True)
class RootValue:
    """The object at ``Root.value (oneOf 0)`` (the spec describes it no further)."""

    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> RootValue:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            text=d["text"] if type(d.get("text")) is str else _req(d, "text", _str),
            extra_fields=(
                {} if _KEYS_RootValue.issuperset(d) else _extras(d, _KEYS_RootValue)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["text"] = self.text
        d.update(self.extra_fields)
        return d


_KEYS_RootValue = frozenset({"text"})


@dataclass(kw_only=True, slots=True)
class RootValueModel:
    """The object at ``Root.value (oneOf 1)`` (the spec describes it no further)."""

    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> RootValueModel:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            url=d["url"] if type(d.get("url")) is str else _req(d, "url", _str),
            extra_fields=(
                {}
                if _KEYS_RootValueModel.issuperset(d)
                else _extras(d, _KEYS_RootValueModel)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["url"] = self.url
        d.update(self.extra_fields)
        return d


_KEYS_RootValueModel = frozenset({"url"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    value: RootValue | RootValueModel | str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            value=_req(d, "value", _P_first_of_RootValue_RootValueModel_str),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["value"] = _dump(self.value)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"value"})
