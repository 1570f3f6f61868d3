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


Plan: TypeAlias = Literal["basic", "pro"] | None


Tier: TypeAlias = Literal["free", "paid"] | None


Level: TypeAlias = Literal[1, 2] | None


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Tree(_Record):
    """``Tree`` (no description in the spec)."""

    plan: Plan | str | None = None
    kids: list[Tree] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Tree:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            plan=(
                None
                if (v := d.get("plan")) is None
                else v if type(v) is str else _opt(d, "plan", _str)
            ),
            kids=None if d.get("kids") is None else _opt(d, "kids", _P_list_of_Tree),
            extra_fields={} if _KEYS_Tree.issuperset(d) else _extras(d, _KEYS_Tree),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.plan is not None:
            d["plan"] = self.plan
        if self.kids is not None:
            d["kids"] = _dump(self.kids)
        d.update(self.extra_fields)
        return d


_KEYS_Tree = frozenset({"plan", "kids"})


@dataclass(kw_only=True, slots=True, repr=False, eq=False)
class Root(_Record):
    """``Root`` (no description in the spec)."""

    plan: Plan | str | None
    described: Plan | str | None
    """a sibling of the $ref"""
    tier: Tier | str | None = None
    level: Level | int | None = None
    plans: list[Plan | str | None] | None = None
    tree: Tree | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            plan=(
                v
                if (v := d.get("plan", _MISSING)) is None or type(v) is str
                else _req(d, "plan", _P_nullable_str)
            ),
            described=(
                v
                if (v := d.get("described", _MISSING)) is None or type(v) is str
                else _req(d, "described", _P_nullable_str)
            ),
            tier=(
                None
                if (v := d.get("tier")) is None
                else v if type(v) is str else _opt(d, "tier", _str)
            ),
            level=(
                None
                if (v := d.get("level")) is None
                else v if type(v) is int else _opt(d, "level", _int)
            ),
            plans=(
                None
                if d.get("plans") is None
                else _opt(d, "plans", _P_list_of_nullable_str)
            ),
            tree=None if d.get("tree") is None else _opt(d, "tree", Tree.from_dict),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["plan"] = self.plan
        d["described"] = self.described
        if self.tier is not None:
            d["tier"] = self.tier
        if self.level is not None:
            d["level"] = self.level
        if self.plans is not None:
            d["plans"] = self.plans
        if self.tree is not None:
            d["tree"] = _dump(self.tree)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"plan", "described", "tier", "level", "plans", "tree"})
