@dataclass(kw_only=True, slots=True)
class Leaf:
    """``Leaf`` (no description in the spec)."""

    n: int
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Leaf:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            n=d["n"] if type(d.get("n")) is int else _req(d, "n", _int),
            extra_fields={} if _KEYS_Leaf.issuperset(d) else _extras(d, _KEYS_Leaf),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["n"] = self.n
        d.update(self.extra_fields)
        return d


_KEYS_Leaf = frozenset({"n"})


@dataclass(kw_only=True, slots=True)
class Holder:
    """``Holder`` (no description in the spec)."""

    pairs: list[Pair] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Holder:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            pairs=None if d.get("pairs") is None else _opt(d, "pairs", _P_list_of_Pair),
            extra_fields={} if _KEYS_Holder.issuperset(d) else _extras(d, _KEYS_Holder),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.pairs is not None:
            d["pairs"] = _dump(self.pairs)
        d.update(self.extra_fields)
        return d


_KEYS_Holder = frozenset({"pairs"})


@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    closed: tuple[str, int] | None = None
    rest: tuple[str | bool, ...] | None = None
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1 item."""
    pair: Pair | None = None
    pairs: list[Pair] | None = None
    table: dict[str, Pair] | None = None
    holder: Holder | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            closed=(
                None
                if d.get("closed") is None
                else _opt(d, "closed", _P_tuple_of_str_int_closed_min_2)
            ),
            rest=(
                None
                if d.get("rest") is None
                else _opt(d, "rest", _P_tuple_of_str_then_bool_min_1)
            ),
            pair=None if d.get("pair") is None else _opt(d, "pair", _parse_Pair),
            pairs=None if d.get("pairs") is None else _opt(d, "pairs", _P_list_of_Pair),
            table=None if d.get("table") is None else _opt(d, "table", _P_map_of_Pair),
            holder=(
                None if d.get("holder") is None else _opt(d, "holder", Holder.from_dict)
            ),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        if self.closed is not None:
            d["closed"] = _dump(self.closed)
        if self.rest is not None:
            d["rest"] = _dump(self.rest)
        if self.pair is not None:
            d["pair"] = _dump(self.pair)
        if self.pairs is not None:
            d["pairs"] = _dump(self.pairs)
        if self.table is not None:
            d["table"] = _dump(self.table)
        if self.holder is not None:
            d["holder"] = _dump(self.holder)
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"closed", "rest", "pair", "pairs", "table", "holder"})


Pair: TypeAlias = tuple[str, Leaf]
