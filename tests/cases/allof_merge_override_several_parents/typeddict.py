# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(TypedDict):
    name: str
    size: NotRequired[float | None]
    """Overridden to a number."""
    at: int
    extra: bool


_KEYS_Root = frozenset({"name", "size", "at", "extra"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("name", _str, fast=str),
    _Key("size", _float, fast=float, optional=True),
    _Key("at", _int, fast=int),
    _Key("extra", _bool, fast=bool),
)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("at", "extra", "name", "size")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.name: str | None = None
        self.size: float | None = None
        self.at: int | None = None
        self.extra: bool | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("name")) is not None and v != self.name:
            self.name = acc.set_value(self, "name", self.name, v, str)
        if (v := get("size")) is not None and v != self.size:
            self.size = acc.last_value(self, "size", self.size, v, float)
        if (v := get("at")) is not None and v != self.at:
            self.at = acc.last_value(self, "at", self.at, v, int)
        if (v := get("extra")) is not None and v != self.extra:
            self.extra = acc.last_value(self, "extra", self.extra, v, bool)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.name is not None:
            out["name"] = self.name
        if self.size is not None:
            out["size"] = self.size
        if self.at is not None:
            out["at"] = self.at
        if self.extra is not None:
            out["extra"] = self.extra
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
