# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


Level: TypeAlias = Literal[1, 2, 3]
"""Values: 1 = LOW, 2 = MID, 3 = HIGH."""


Ratio: TypeAlias = Literal[1, 2]


class Root(TypedDict):
    lvl: Level | int
    code: Literal[200, 404] | int
    """Values: 200 = Ok, 404 = NotFound."""
    ratio: Ratio | float
    frac: float
    mixed: NotRequired[Literal[1, "a"] | str | int | None]


_KEYS_Root = frozenset({"lvl", "code", "ratio", "frac", "mixed"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_first_of_str_int = _first_of((_str, _int))


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("lvl", _int, fast=int),
    _Key("code", _int, fast=int),
    _Key("ratio", _float),
    _Key("frac", _float, fast=float),
    _Key("mixed", _P_first_of_str_int, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_level = _int
parse_ratio = _float


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("code", "frac", "lvl", "mixed", "ratio")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.lvl: int | None = None
        self.code: int | None = None
        self.ratio: Any = None
        self.frac: float | None = None
        self.mixed: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("lvl")) is not None and v != self.lvl:
            self.lvl = acc.last_value(self, "lvl", self.lvl, v, int)
        if (v := get("code")) is not None and v != self.code:
            self.code = acc.last_value(self, "code", self.code, v, int)
        if (v := get("ratio")) is not None:
            self.ratio = v
        if (v := get("frac")) is not None and v != self.frac:
            self.frac = acc.last_value(self, "frac", self.frac, v, float)
        if (v := get("mixed")) is not None:
            self.mixed = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.lvl is not None:
            out["lvl"] = self.lvl
        if self.code is not None:
            out["code"] = self.code
        if self.ratio is not None:
            out["ratio"] = self.ratio
        if self.frac is not None:
            out["frac"] = self.frac
        if self.mixed is not None:
            out["mixed"] = self.mixed
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
