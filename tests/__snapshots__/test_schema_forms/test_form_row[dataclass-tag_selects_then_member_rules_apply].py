@dataclass(kw_only=True, slots=True)
class TextPart:
    """``TextPart`` (no description in the spec)."""

    type: Literal["text"] | str
    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> TextPart:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            type=d["type"] if type(d.get("type")) is str else _req(d, "type", _str),
            text=d["text"] if type(d.get("text")) is str else _req(d, "text", _str),
            extra_fields=(
                {} if _KEYS_TextPart.issuperset(d) else _extras(d, _KEYS_TextPart)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["type"] = self.type
        d["text"] = self.text
        d.update(self.extra_fields)
        return d


_KEYS_TextPart = frozenset({"type", "text"})


@dataclass(kw_only=True, slots=True)
class ImagePart:
    """``ImagePart`` (no description in the spec)."""

    type: Literal["image"] | str
    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> ImagePart:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            type=d["type"] if type(d.get("type")) is str else _req(d, "type", _str),
            url=d["url"] if type(d.get("url")) is str else _req(d, "url", _str),
            extra_fields=(
                {} if _KEYS_ImagePart.issuperset(d) else _extras(d, _KEYS_ImagePart)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["type"] = self.type
        d["url"] = self.url
        d.update(self.extra_fields)
        return d


_KEYS_ImagePart = frozenset({"type", "url"})


@dataclass(kw_only=True, slots=True)
class GroupPart:
    """``GroupPart`` (no description in the spec)."""

    type: Literal["group"] | str
    parts: list[Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> GroupPart:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            type=d["type"] if type(d.get("type")) is str else _req(d, "type", _str),
            parts=_req(d, "parts", _P_list_of_Part),
            extra_fields=(
                {} if _KEYS_GroupPart.issuperset(d) else _extras(d, _KEYS_GroupPart)
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["type"] = self.type
        d["parts"] = _dump(self.parts)
        d.update(self.extra_fields)
        return d


_KEYS_GroupPart = frozenset({"type", "parts"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    part: Part
    parts: list[Part] | None = None
    mapped: TextPart | ImagePart | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            part=_req(d, "part", _parse_Part),
            parts=None if d.get("parts") is None else _opt(d, "parts", _P_list_of_Part),
            mapped=(
                None
                if d.get("mapped") is None
                else _opt(d, "mapped", _P_tagged_type_text_TextPart_image_ImagePart)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["part"] = _dump(self.part)
        if self.parts is not None:
            d["parts"] = _dump(self.parts)
        if self.mapped is not None:
            d["mapped"] = _dump(self.mapped)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"part", "parts", "mapped"})


Part: TypeAlias = "TextPart | ImagePart | GroupPart"
