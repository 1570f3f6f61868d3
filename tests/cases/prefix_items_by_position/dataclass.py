# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Leaf(_Dataclass):
    n: int
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            n=_Field("n", _int, fast=int),
        )
    )


@_model
class Holder(_Dataclass):
    pairs: list[Pair] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pairs=_Field("pairs", _P_list_of_Pair, optional=True, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    closed: tuple[str, int] | None = None
    rest: tuple[str | bool, ...] | None = None
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    pair: Pair | None = None
    pairs: list[Pair] | None = None
    table: dict[str, Pair] | None = None
    holder: Holder | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            closed=_Field(
                "closed", _P_tuple_of_str_int_closed_min_2, optional=True, dump=True
            ),
            rest=_Field(
                "rest", _P_tuple_of_str_then_bool_min_1, optional=True, dump=True
            ),
            pair=_Field("pair", _parse_Pair, optional=True, dump=True),
            pairs=_Field("pairs", _P_list_of_Pair, optional=True, dump=True),
            table=_Field("table", _P_map_of_Pair, optional=True, dump=True),
            holder=_Field("holder", Holder.from_dict, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
    {"closed", "rest", "pair", "pairs", "table", "holder"}
)


Pair: TypeAlias = tuple[str, Leaf]


def _parse_Pair(value: Any) -> Pair:
    parsed: Pair = _P_tuple_of_str_Leaf_closed_min_2(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_list_of_Pair: Callable[[Any], Any] = _list_of(_parse_Pair)
_P_tuple_of_str_int_closed_min_2: Callable[[Any], Any] = _tuple_of(
    (
        _str,
        _int,
    ),
    None,
    2,
)
_P_tuple_of_str_then_bool_min_1: Callable[[Any], Any] = _tuple_of((_str,), _bool, 1)
_P_map_of_Pair: Callable[[Any], Any] = _map_of(_parse_Pair)
_P_tuple_of_str_Leaf_closed_min_2: Callable[[Any], Any] = _tuple_of(
    (
        _str,
        Leaf.from_dict,
    ),
    None,
    2,
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_leaf = Leaf.from_dict
parse_holder = Holder.from_dict
parse_pair = _parse_Pair


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("closed", "holder", "pair", "pairs", "rest", "table")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.closed: list[Any] | None = None
        self.rest: list[Any] | None = None
        self.pair: list[Any] | None = None
        self.pairs: list[Any] | None = None
        self.table: dict[str, Any] | None = None
        self.holder: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("closed")) is not None:
            self.closed = acc.last_list(self, "closed", self.closed, v)
        if (v := get("rest")) is not None:
            self.rest = acc.last_list(self, "rest", self.rest, v)
        if (v := get("pair")) is not None:
            self.pair = acc.last_list(self, "pair", self.pair, v)
        if (v := get("pairs")) is not None:
            self.pairs = acc.last_list(self, "pairs", self.pairs, v)
        if (v := get("table")) is not None:
            self.table = acc.last_object(self, "table", self.table, v, whole=True)
        if (v := get("holder")) is not None:
            self.holder = acc.last_object(self, "holder", self.holder, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.closed) is not None:
            self.closed = acc.last_list(self, "closed", self.closed, _as_json(v))
        if (v := model.rest) is not None:
            self.rest = acc.last_list(self, "rest", self.rest, _as_json(v))
        if (v := model.pair) is not None:
            self.pair = acc.last_list(self, "pair", self.pair, _as_json(v))
        if (v := model.pairs) is not None:
            self.pairs = acc.last_list(self, "pairs", self.pairs, _as_json(v))
        if (v := model.table) is not None:
            self.table = acc.last_object(
                self, "table", self.table, _as_json(v), whole=True
            )
        if (v := model.holder) is not None:
            self.holder = acc.last_object(self, "holder", self.holder, _as_json(v))
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.closed is not None:
            out["closed"] = self.closed
        if self.rest is not None:
            out["rest"] = self.rest
        if self.pair is not None:
            out["pair"] = self.pair
        if self.pairs is not None:
            out["pairs"] = self.pairs
        if self.table is not None:
            out["table"] = self.table
        if self.holder is not None:
            out["holder"] = self.holder
        return self._finish(out)


class RootAccumulator(_ChunkAccumulator):
    """Merges the chunks of one ``Root`` stream (see ``_ChunkAccumulator``)."""

    __slots__ = ()
    _model = Root

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_RootMerge(""), strict)

    def snapshot(self) -> Root:
        """The merged stream so far as a ``Root``, validated once (what does not
        fit is reported, ``schema_drift``, and built anyway unless ``strict=True``)."""
        built: Root = _built_anyway(parse_root, self.snapshot_dict(), self)
        return built

    def to_response(self) -> Root:
        """The finished answer: ``snapshot()``, the chunk type being the answer. Asked before
        a chunk said the stream ended (``finished``), it is reported once as ``incomplete``;
        ``strict=True`` raises ``StreamMergeError`` instead."""
        self._ended()
        return self.snapshot()


_READER = _Reader((), tags=())
iter_chunk_dicts = _READER.iter_chunk_dicts
aiter_chunk_dicts = _READER.aiter_chunk_dicts
