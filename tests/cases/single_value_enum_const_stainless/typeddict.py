# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(TypedDict):
    object: Literal["root.chunk"] | str
    kind: Literal["thing"] | str
    tag: Literal["function"] | str


_KEYS_Root = frozenset({"object", "kind", "tag"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("object", _str, fast=str),
    _Key("kind", _str, fast=str),
    _Key("tag", _str, fast=str),
)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("kind", "object", "tag")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.object: str | None = None
        self.kind: str | None = None
        self.tag: str | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("object")) is not None and v != self.object:
            self.object = acc.set_value(self, "object", self.object, v, str)
        if (v := get("kind")) is not None and v != self.kind:
            self.kind = acc.last_value(self, "kind", self.kind, v, str)
        if (v := get("tag")) is not None and v != self.tag:
            self.tag = acc.last_value(self, "tag", self.tag, v, str)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.object is not None:
            out["object"] = self.object
        if self.kind is not None:
            out["kind"] = self.kind
        if self.tag is not None:
            out["tag"] = self.tag
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
