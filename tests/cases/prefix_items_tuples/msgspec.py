# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

# fmt: on


class Part(_Struct, kw_only=True):
    text: str


class Root(_Struct, kw_only=True):
    pair: tuple[str, int]
    if TYPE_CHECKING:
        short: tuple[()] | tuple[str] | tuple[str, int] | None = None
    else:
        short: Any = None
    if TYPE_CHECKING:
        more: tuple[str | bool, ...]
    else:
        more: Any
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    if TYPE_CHECKING:
        loose: tuple[Any, ...] | None = None
    else:
        loose: Any = None
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of
    ``Any``."""
    parts: tuple[Part, str | None] | None = None
    at: Point | None = None
    if TYPE_CHECKING:
        old: tuple[str] | tuple[str, int] | None = None
    else:
        old: Any = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (
        ("short", "short"),
        ("more", "more"),
        ("loose", "loose"),
        ("old", "old"),
    )

    def __post_init__(self) -> None:
        self.short = _checked(_C_Root_short, self.short, "short")
        self.more = _checked(_C_Root_more, self.more, "more")
        self.loose = _checked(_C_Root_loose, self.loose, "loose")
        self.old = _checked(_C_Root_old, self.old, "old")


_KEYS_Root = frozenset({"pair", "short", "more", "loose", "parts", "at", "old"})


Point: TypeAlias = tuple[float, float] | None


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_short = _OrNone(
    _TupleOf(
        (
            str,
            int,
        ),
        None,
        0,
    )
)
_C_Root_more = _TupleOf((str,), bool, 1)
_C_Root_loose = _OrNone(
    _TupleOf(
        (
            int,
            None,
        ),
        Any,
        0,
    )
)
_C_Root_old = _OrNone(
    _TupleOf(
        (
            str,
            int,
        ),
        None,
        1,
    )
)


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
parse_part = _parser(Part)
parse_point: Callable[[Any], Point] = _parser_of(Point)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("at", "loose", "more", "old", "pair", "parts", "short")
    _known = _KEYS_Root

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
        if (v := model.pair) is not None:
            self.pair = acc.last_list(self, "pair", self.pair, _as_json(v))
        if (v := model.short) is not None:
            self.short = acc.last_list(self, "short", self.short, _as_json(v))
        if (v := model.more) is not None:
            self.more = acc.last_list(self, "more", self.more, _as_json(v))
        if (v := model.loose) is not None:
            self.loose = acc.last_list(self, "loose", self.loose, _as_json(v))
        if (v := model.parts) is not None:
            self.parts = acc.last_list(self, "parts", self.parts, _as_json(v))
        if (v := model.at) is not None:
            self.at = acc.last_list(self, "at", self.at, _as_json(v))
        if (v := model.old) is not None:
            self.old = acc.last_list(self, "old", self.old, _as_json(v))
        if extra := model.extra_fields:
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
