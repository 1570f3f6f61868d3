# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class RootFree(TypedDict):
    a: NotRequired[str | None]


class RootClosed(TypedDict):
    a: NotRequired[str | None]


class RootTyped(TypedDict):
    a: NotRequired[str | None]


_KEYS_RootTyped = frozenset({"a"})


class Part(TypedDict):
    text: NotRequired[str | None]


class Root(TypedDict):
    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]


_KEYS_Root = frozenset({"free", "closed", "typed", "map"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_RootFree = _Checks(RootFree)
_parse_RootClosed = _Checks(RootClosed)
_parse_RootTyped = _Checks(RootTyped)
_parse_Part = _Checks(Part)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_map_of_Part = _map_of(_parse_Part)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_RootFree.keys = (_Key("a", _str, fast=str, optional=True),)


_parse_RootClosed.keys = (_Key("a", _str, fast=str, optional=True),)


_parse_RootTyped.keys = (_Key("a", _str, fast=str, optional=True),)
_parse_RootTyped.extras = lambda d: _extras(d, _KEYS_RootTyped, _int)


_parse_Part.keys = (_Key("text", _str, fast=str, optional=True),)


_parse_Root.keys = (
    _Key("free", _parse_RootFree),
    _Key("closed", _parse_RootClosed),
    _Key("typed", _parse_RootTyped),
    _Key("map", _P_map_of_Part),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_part = _parse_Part


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("closed", "free", "map", "typed")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.free: dict[str, Any] | None = None
        self.closed: dict[str, Any] | None = None
        self.typed: dict[str, Any] | None = None
        self.map: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("free")) is not None:
            self.free = acc.last_object(self, "free", self.free, v, pieces=True)
        if (v := get("closed")) is not None:
            self.closed = acc.last_object(self, "closed", self.closed, v, pieces=True)
        if (v := get("typed")) is not None:
            self.typed = acc.last_object(self, "typed", self.typed, v, pieces=True)
        if (v := get("map")) is not None:
            self.map = acc.last_object(self, "map", self.map, v, whole=True)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.free is not None:
            out["free"] = self.free
        if self.closed is not None:
            out["closed"] = self.closed
        if self.typed is not None:
            out["typed"] = self.typed
        if self.map is not None:
            out["map"] = self.map
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
