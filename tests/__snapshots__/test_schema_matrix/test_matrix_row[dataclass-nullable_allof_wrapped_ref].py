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
class Part(_Record):
    """``Part`` (no description in the spec)."""

    text: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Part:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            text=(
                None
                if (v := d.get("text")) is None
                else v if type(v) is str else _opt(d, "text", _str)
            ),
            extra_fields={} if _KEYS_Part.issuperset(d) else _extras(d, _KEYS_Part),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.text is not None:
            d["text"] = self.text
        d.update(self.extra_fields)
        return d


_KEYS_Part = frozenset({"text"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Record):
    """``Root`` (no description in the spec)."""

    part: Part | None
    """An allOf-wrapped $ref, made nullable."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            part=_req(d, "part", _P_nullable_Part),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["part"] = _dump(self.part)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"part"})
