# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class RootTaggedItemItem(TypedDict):
    v: NotRequired[int | None]


class Root(TypedDict):
    grid: list[list[float]]
    tagged: NotRequired[list[list[RootTaggedItemItem]] | None]


_KEYS_Root = frozenset({"grid", "tagged"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_RootTaggedItemItem = _Checks(RootTaggedItemItem)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_list_of_float = _list_of(_float)
_P_list_of_list_of_float = _list_of(_P_list_of_float)
_P_list_of_RootTaggedItemItem = _list_of(_parse_RootTaggedItemItem)
_P_list_of_list_of_RootTaggedItemItem = _list_of(_P_list_of_RootTaggedItemItem)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_RootTaggedItemItem.keys = (_Key("v", _int, fast=int, optional=True),)


_parse_Root.keys = (
    _Key("grid", _P_list_of_list_of_float),
    _Key("tagged", _P_list_of_list_of_RootTaggedItemItem, optional=True),
)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("grid", "tagged")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.grid: list[Any] | None = None
        self.tagged: list[Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("grid")) is not None:
            self.grid = acc.last_list(self, "grid", self.grid, v)
        if (v := get("tagged")) is not None:
            self.tagged = acc.last_list(self, "tagged", self.tagged, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.grid is not None:
            out["grid"] = self.grid
        if self.tagged is not None:
            out["tagged"] = self.tagged
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
