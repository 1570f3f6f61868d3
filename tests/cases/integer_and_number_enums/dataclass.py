# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


Level: TypeAlias = Literal[1, 2, 3]
"""Values: 1 = LOW, 2 = MID, 3 = HIGH."""


Ratio: TypeAlias = Literal[1, 2]


@_model
class Root(_Dataclass):
    lvl: Level | int
    code: Literal[200, 404] | int
    """Values: 200 = Ok, 404 = NotFound."""
    ratio: Ratio | float
    frac: float
    mixed: Literal[1, "a"] | str | int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            lvl=_Field("lvl", _int, fast=int),
            code=_Field("code", _int, fast=int),
            ratio=_Field("ratio", _float),
            frac=_Field("frac", _float, fast=float),
            mixed=_Field("mixed", _P_first_of_str_int, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"lvl", "code", "ratio", "frac", "mixed"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_first_of_str_int: Callable[[Any], Any] = _first_of((_str, _int))


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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.lvl) is not None and v != self.lvl:
            self.lvl = acc.last_value(self, "lvl", self.lvl, v, int)
        if (v := model.code) is not None and v != self.code:
            self.code = acc.last_value(self, "code", self.code, v, int)
        if (v := model.ratio) is not None:
            self.ratio = _as_json(v)
        if (v := model.frac) is not None and v != self.frac:
            self.frac = acc.last_value(self, "frac", self.frac, v, float)
        if (v := model.mixed) is not None:
            self.mixed = _as_json(v)
        if extra := model.extra_fields:
            self._add(extra, acc)

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
