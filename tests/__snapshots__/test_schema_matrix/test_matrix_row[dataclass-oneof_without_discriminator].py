@dataclass(kw_only=True, slots=True)
class RootValueText:
    """The object at ``Root.value (oneOf 0)`` (the spec describes it no further)."""

    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> RootValueText:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            text=d["text"] if type(d.get("text")) is str else _req(d, "text", _str),
            extra_fields=(
                {}
                if _KEYS_RootValueText.issuperset(d)
                else _extras(d, _KEYS_RootValueText)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["text"] = self.text
        d.update(self.extra_fields)
        return d


_KEYS_RootValueText = frozenset({"text"})


@dataclass(kw_only=True, slots=True)
class RootValueImage:
    """The object at ``Root.value (oneOf 1)`` (the spec describes it no further)."""

    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> RootValueImage:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            url=d["url"] if type(d.get("url")) is str else _req(d, "url", _str),
            extra_fields=(
                {}
                if _KEYS_RootValueImage.issuperset(d)
                else _extras(d, _KEYS_RootValueImage)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["url"] = self.url
        d.update(self.extra_fields)
        return d


_KEYS_RootValueImage = frozenset({"url"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    value: RootValueText | RootValueImage | str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            value=_req(d, "value", _P_first_of_RootValueText_RootValueImage_str),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["value"] = _dump(self.value)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"value"})
