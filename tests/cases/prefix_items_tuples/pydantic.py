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


class Part(_Model):
    text: str


class Root(_Model):
    pair: Annotated[tuple[str, int], Strict(False)]
    short: (
        Annotated[tuple[()], Strict(False)]
        | Annotated[tuple[str], Strict(False)]
        | Annotated[tuple[str, int], Strict(False)]
        | None
    ) = None
    more: Annotated[tuple[str | bool, ...], _TupleTail(tuple[str, bool], 1)]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    loose: Annotated[tuple[Any, ...], _TupleTail(tuple[int, None, Any], 0)] | None = (
        None
    )
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of
    ``Any``."""
    parts: Annotated[tuple[Part, str | None], Strict(False)] | None = None
    at: Point | None = None
    old: (
        Annotated[tuple[str], Strict(False)]
        | Annotated[tuple[str, int], Strict(False)]
        | None
    ) = None


Point: TypeAlias = Annotated[tuple[float, float], Strict(False)] | None


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_part = _parser(Part)
parse_point: Callable[[Any], Point] = _parser_of(Point)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("at", "loose", "more", "old", "pair", "parts", "short")
    _known = _wire_names(Root)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.pair: list[Any] | None = None
        self.short: list[Any] | None = None
        self.more: list[Any] | None = None
        self.loose: list[Any] | None = None
        self.parts: list[Any] | None = None
        self.at: list[Any] | None = None
        self.old: list[Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("pair")) is not None:
            self.pair = acc.last_list(self, "pair", self.pair, v)
        if (v := get("short")) is not None:
            self.short = acc.last_list(self, "short", self.short, v)
        if (v := get("more")) is not None:
            self.more = acc.last_list(self, "more", self.more, v)
        if (v := get("loose")) is not None:
            self.loose = acc.last_list(self, "loose", self.loose, v)
        if (v := get("parts")) is not None:
            self.parts = acc.last_list(self, "parts", self.parts, v)
        if (v := get("at")) is not None:
            self.at = acc.last_list(self, "at", self.at, v)
        if (v := get("old")) is not None:
            self.old = acc.last_list(self, "old", self.old, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("pair")) is not None:
            self.pair = acc.last_list(self, "pair", self.pair, _as_json(v))
        if (v := get("short")) is not None:
            self.short = acc.last_list(self, "short", self.short, _as_json(v))
        if (v := get("more")) is not None:
            self.more = acc.last_list(self, "more", self.more, _as_json(v))
        if (v := get("loose")) is not None:
            self.loose = acc.last_list(self, "loose", self.loose, _as_json(v))
        if (v := get("parts")) is not None:
            self.parts = acc.last_list(self, "parts", self.parts, _as_json(v))
        if (v := get("at")) is not None:
            self.at = acc.last_list(self, "at", self.at, _as_json(v))
        if (v := get("old")) is not None:
            self.old = acc.last_list(self, "old", self.old, _as_json(v))
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.pair is not None:
            out["pair"] = self.pair
        if self.short is not None:
            out["short"] = self.short
        if self.more is not None:
            out["more"] = self.more
        if self.loose is not None:
            out["loose"] = self.loose
        if self.parts is not None:
            out["parts"] = self.parts
        if self.at is not None:
            out["at"] = self.at
        if self.old is not None:
            out["old"] = self.old
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
