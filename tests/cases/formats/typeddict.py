# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(TypedDict):
    created: int
    at: str
    big: int
    ratio: float
    blob: str
    link: str


_KEYS_Root = frozenset({"created", "at", "big", "ratio", "blob", "link"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("created", _int, fast=int),
    _Key("at", _str, fast=str),
    _Key("big", _int, fast=int),
    _Key("ratio", _float, fast=float),
    _Key("blob", _str, fast=str),
    _Key("link", _str, fast=str),
)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("at", "big", "blob", "created", "link", "ratio")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.created: int | None = None
        self.at: str | None = None
        self.big: int | None = None
        self.ratio: float | None = None
        self.blob: str | None = None
        self.link: str | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("created")) is not None and v != self.created:
            self.created = acc.last_value(self, "created", self.created, v, int)
        if (v := get("at")) is not None and v != self.at:
            self.at = acc.last_value(self, "at", self.at, v, str)
        if (v := get("big")) is not None and v != self.big:
            self.big = acc.last_value(self, "big", self.big, v, int)
        if (v := get("ratio")) is not None and v != self.ratio:
            self.ratio = acc.last_value(self, "ratio", self.ratio, v, float)
        if (v := get("blob")) is not None and v != self.blob:
            self.blob = acc.last_text(self, "blob", self.blob, v)
        if (v := get("link")) is not None and v != self.link:
            self.link = acc.last_text(self, "link", self.link, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.created is not None:
            out["created"] = self.created
        if self.at is not None:
            out["at"] = self.at
        if self.big is not None:
            out["big"] = self.big
        if self.ratio is not None:
            out["ratio"] = self.ratio
        if self.blob is not None:
            out["blob"] = self.blob
        if self.link is not None:
            out["link"] = self.link
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
