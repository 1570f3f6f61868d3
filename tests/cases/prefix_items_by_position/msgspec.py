# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

# fmt: on


class Leaf(_Struct, kw_only=True):
    n: int


class Holder(_Struct, kw_only=True):
    pairs: list[Pair] | None = None


class Root(_Struct, kw_only=True):
    closed: tuple[str, int] | None = None
    if TYPE_CHECKING:
        rest: tuple[str | bool, ...] | None = None
    else:
        rest: Any = None
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    pair: Pair | None = None
    pairs: list[Pair] | None = None
    table: dict[str, Pair] | None = None
    holder: Holder | None = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("rest", "rest"),)

    def __post_init__(self) -> None:
        self.rest = _checked(_C_Root_rest, self.rest, "rest")


_KEYS_Root = frozenset({"closed", "rest", "pair", "pairs", "table", "holder"})


Pair: TypeAlias = tuple[str, Leaf]


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_rest = _OrNone(_TupleOf((str,), bool, 1))


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root`` (unknown fields kept); raises ``msgspec.ValidationError``."""
    parsed: Root = _parse(Root, data)
    return parsed


_DECODE_Root = msgspec.json.Decoder(Root).decode


def decode_root(text: bytes | str) -> Root:
    """One ``Root`` from its JSON text (unknown fields kept, through ``parse_root``)."""
    try:
        return _DECODE_Root(text)
    except msgspec.ValidationError:
        return parse_root(msgspec.json.decode(text))


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises msgspec.ValidationError naming the place that does not fit.
parse_leaf = _parser(Leaf)
parse_holder = _parser(Holder)
parse_pair: Callable[[Any], Pair] = _parser_of(Pair)


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
        built: Root = _built_anyway(Root, self.snapshot_dict(), self)
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


def _chunk_model(text: str, number: int) -> Root:
    """Event ``number``'s data, decoded from its JSON text into the models (``_decoded_chunk``)."""
    chunk: Root = _decoded_chunk(_DECODE_Root, parse_root, text, number)
    return chunk
