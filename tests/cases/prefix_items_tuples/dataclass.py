# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Part(_Dataclass):
    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            text=_Field("text", _str, fast=str),
        )
    )


@_model
class Root(_Dataclass):
    pair: tuple[str, int]
    short: tuple[()] | tuple[str] | tuple[str, int] | None = None
    more: tuple[str | bool, ...]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    loose: tuple[Any, ...] | None = None
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of
    ``Any``."""
    parts: tuple[Part, str | None] | None = None
    at: Point | None = None
    old: tuple[str] | tuple[str, int] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pair=_Field("pair", _P_tuple_of_str_int_closed_min_2, dump=True),
            short=_Field("short", _P_tuple_of_str_int_closed, optional=True, dump=True),
            more=_Field("more", _P_tuple_of_str_then_bool_min_1, dump=True),
            loose=_Field(
                "loose",
                _P_tuple_of_int_nullable_null_then_any,
                optional=True,
                dump=True,
            ),
            parts=_Field(
                "parts",
                _P_tuple_of_Part_nullable_str_closed_min_2,
                optional=True,
                dump=True,
            ),
            at=_Field("at", _parse_Point, optional=True, dump=True),
            old=_Field(
                "old", _P_tuple_of_str_int_closed_min_1, optional=True, dump=True
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
    {"pair", "short", "more", "loose", "parts", "at", "old"}
)


Point: TypeAlias = tuple[float, float] | None


def _parse_Point(value: Any) -> Point:
    parsed: Point = _P_nullable_tuple_of_float_float_closed_min_2(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_tuple_of_str_int_closed_min_2: Callable[[Any], Any] = _tuple_of(
    (
        _str,
        _int,
    ),
    None,
    2,
)
_P_tuple_of_str_int_closed: Callable[[Any], Any] = _tuple_of(
    (
        _str,
        _int,
    ),
    None,
    0,
)
_P_tuple_of_str_then_bool_min_1: Callable[[Any], Any] = _tuple_of((_str,), _bool, 1)
_P_nullable_null: Callable[[Any], Any] = _nullable(_null)
_P_tuple_of_int_nullable_null_then_any: Callable[[Any], Any] = _tuple_of(
    (
        _int,
        _P_nullable_null,
    ),
    _any,
    0,
)
_P_nullable_str: Callable[[Any], Any] = _nullable(_str)
_P_tuple_of_Part_nullable_str_closed_min_2: Callable[[Any], Any] = _tuple_of(
    (
        Part.from_dict,
        _P_nullable_str,
    ),
    None,
    2,
)
_P_tuple_of_str_int_closed_min_1: Callable[[Any], Any] = _tuple_of(
    (
        _str,
        _int,
    ),
    None,
    1,
)
_P_tuple_of_float_float_closed_min_2: Callable[[Any], Any] = _tuple_of(
    (
        _float,
        _float,
    ),
    None,
    2,
)
_P_nullable_tuple_of_float_float_closed_min_2: Callable[[Any], Any] = _nullable(
    _P_tuple_of_float_float_closed_min_2
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_part = Part.from_dict
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
