# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Part(TypedDict):
    text: str


class Root(TypedDict):
    pair: tuple[str, int]
    short: NotRequired[tuple[()] | tuple[str] | tuple[str, int] | None]
    more: tuple[str | bool, ...]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    loose: NotRequired[tuple[Any, ...] | None]
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of
    ``Any``."""
    parts: NotRequired[tuple[Part, str | None] | None]
    at: NotRequired[Point | None]
    old: NotRequired[tuple[str] | tuple[str, int] | None]


_KEYS_Root = frozenset({"pair", "short", "more", "loose", "parts", "at", "old"})


Point: TypeAlias = tuple[float, float] | None


def _parse_Point(value: Any) -> Point:
    parsed: Point = _P_nullable_tuple_of_float_float_closed_min_2(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Part = _Checks(Part)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_tuple_of_str_int_closed_min_2 = _tuple_of(
    (
        _str,
        _int,
    ),
    None,
    2,
)
_P_tuple_of_str_int_closed = _tuple_of(
    (
        _str,
        _int,
    ),
    None,
    0,
)
_P_tuple_of_str_then_bool_min_1 = _tuple_of((_str,), _bool, 1)
_P_nullable_null = _nullable(_null)
_P_tuple_of_int_nullable_null_then_any = _tuple_of(
    (
        _int,
        _P_nullable_null,
    ),
    _any,
    0,
)
_P_nullable_str = _nullable(_str)
_P_tuple_of_Part_nullable_str_closed_min_2 = _tuple_of(
    (
        _parse_Part,
        _P_nullable_str,
    ),
    None,
    2,
)
_P_tuple_of_str_int_closed_min_1 = _tuple_of(
    (
        _str,
        _int,
    ),
    None,
    1,
)
_P_tuple_of_float_float_closed_min_2 = _tuple_of(
    (
        _float,
        _float,
    ),
    None,
    2,
)
_P_nullable_tuple_of_float_float_closed_min_2 = _nullable(
    _P_tuple_of_float_float_closed_min_2
)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Part.keys = (_Key("text", _str, fast=str),)


_parse_Root.keys = (
    _Key("pair", _P_tuple_of_str_int_closed_min_2, put=True),
    _Key("short", _P_tuple_of_str_int_closed, optional=True, put=True),
    _Key("more", _P_tuple_of_str_then_bool_min_1, put=True),
    _Key("loose", _P_tuple_of_int_nullable_null_then_any, optional=True, put=True),
    _Key("parts", _P_tuple_of_Part_nullable_str_closed_min_2, optional=True, put=True),
    _Key("at", _parse_Point, optional=True, put=True),
    _Key("old", _P_tuple_of_str_int_closed_min_1, optional=True, put=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_part = _parse_Part
parse_point = _parse_Point


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
