# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


class _TupleTail:
    """``Annotated`` metadata of a tuple open at the end (``prefixItems`` and ``items``):
    pydantic cannot validate ``tuple[A, B, *tuple[C, ...]]``, so the annotation is the
    widest ``tuple[A | B | C, ...]`` and this checks each item by its position.
    ``positions``: ``tuple[A, B, C]``, whose last type repeats; ``least``: how many items
    must be present (fewer than the prefix: the shorter tuples are allowed)."""

    def __init__(self, positions: Any, least: int) -> None:
        self.positions = positions
        self.least = least

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        positions: Any = handler.generate_schema(self.positions)
        items = positions["items_schema"]
        last = len(items) - 1
        shapes: list[CoreSchema] = [
            core_schema.tuple_schema(items[:k], strict=False)
            for k in range(self.least, last)
        ]
        shapes.append(
            core_schema.tuple_schema(items, variadic_item_index=last, strict=False)
        )
        return shapes[0] if len(shapes) == 1 else core_schema.union_schema([*shapes])


class Leaf(_Model):
    n: int


class Holder(_Model):
    pairs: list[Pair] | None = None


class Root(_Model):
    closed: Annotated[tuple[str, int], Strict(False)] | None = None
    rest: Annotated[tuple[str | bool, ...], _TupleTail(tuple[str, bool], 1)] | None = (
        None
    )
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    pair: Pair | None = None
    pairs: list[Pair] | None = None
    table: dict[str, Pair] | None = None
    holder: Holder | None = None


Pair: TypeAlias = Annotated[tuple[str, Leaf], Strict(False)]


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_leaf = _parser(Leaf)
parse_holder = _parser(Holder)
parse_pair: Callable[[Any], Pair] = _parser_of(Pair)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("closed", "holder", "pair", "pairs", "rest", "table")
    _known = _wire_names(Root)

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
        get = model.__dict__.get
        if (v := get("closed")) is not None:
            self.closed = acc.last_list(self, "closed", self.closed, _as_json(v))
        if (v := get("rest")) is not None:
            self.rest = acc.last_list(self, "rest", self.rest, _as_json(v))
        if (v := get("pair")) is not None:
            self.pair = acc.last_list(self, "pair", self.pair, _as_json(v))
        if (v := get("pairs")) is not None:
            self.pairs = acc.last_list(self, "pairs", self.pairs, _as_json(v))
        if (v := get("table")) is not None:
            self.table = acc.last_object(
                self, "table", self.table, _as_json(v), whole=True
            )
        if (v := get("holder")) is not None:
            self.holder = acc.last_object(self, "holder", self.holder, _as_json(v))
        if extra := model.__pydantic_extra__:
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
        built: Root = _built_anyway(Root.model_validate, self.snapshot_dict(), self)
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
    """Event ``number``'s data, validated from its JSON text (``_json_chunk``)."""
    chunk: Root = _json_chunk(Root, parse_root, text, number)
    return chunk
