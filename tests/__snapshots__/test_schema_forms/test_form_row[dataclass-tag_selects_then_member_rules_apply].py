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
class TextPart(_Record):
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


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class ImagePart(_Record):
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


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class GroupPart(_Record):
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


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Record):
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
