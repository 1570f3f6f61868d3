# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Leaf(TypedDict):
    n: int


class Holder(TypedDict):
    pairs: NotRequired[list[Pair] | None]


class Root(TypedDict):
    closed: NotRequired[tuple[str, int] | None]
    rest: NotRequired[tuple[str | bool, ...] | None]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    pair: NotRequired[Pair | None]
    pairs: NotRequired[list[Pair] | None]
    table: NotRequired[dict[str, Pair] | None]
    holder: NotRequired[Holder | None]


_KEYS_Root = frozenset({"closed", "rest", "pair", "pairs", "table", "holder"})


Pair: TypeAlias = tuple[str, Leaf]


def _parse_Pair(value: Any) -> Pair:
    parsed: Pair = _P_tuple_of_str_Leaf_closed_min_2(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Leaf = _Checks(Leaf)
_parse_Holder = _Checks(Holder)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_list_of_Pair = _list_of(_parse_Pair)
_P_tuple_of_str_int_closed_min_2 = _tuple_of(
    (
        _str,
        _int,
    ),
    None,
    2,
)
_P_tuple_of_str_then_bool_min_1 = _tuple_of((_str,), _bool, 1)
_P_map_of_Pair = _map_of(_parse_Pair)
_P_tuple_of_str_Leaf_closed_min_2 = _tuple_of(
    (
        _str,
        _parse_Leaf,
    ),
    None,
    2,
)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Leaf.keys = (_Key("n", _int, fast=int),)


_parse_Holder.keys = (_Key("pairs", _P_list_of_Pair, optional=True, put=True),)


_parse_Root.keys = (
    _Key("closed", _P_tuple_of_str_int_closed_min_2, optional=True, put=True),
    _Key("rest", _P_tuple_of_str_then_bool_min_1, optional=True, put=True),
    _Key("pair", _parse_Pair, optional=True, put=True),
    _Key("pairs", _P_list_of_Pair, optional=True, put=True),
    _Key("table", _P_map_of_Pair, optional=True, put=True),
    _Key("holder", _parse_Holder, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_leaf = _parse_Leaf
parse_holder = _parse_Holder
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
