# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(TypedDict):
    """Spec defaults, not applied: ``count=3``, ``mode='b'``, ``note=None``,
    ``flag=False``."""

    count: NotRequired[int | None]
    mode: NotRequired[Literal["a", "b"] | str | None]
    note: NotRequired[str | None]
    flag: NotRequired[bool | None]


_KEYS_Root = frozenset({"count", "mode", "note", "flag"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("count", _int, fast=int, optional=True),
    _Key("mode", _str, fast=str, optional=True),
    _Key("note", _str, fast=str, optional=True),
    _Key("flag", _bool, fast=bool, optional=True),
)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("count", "flag", "mode", "note")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.count: int | None = None
        self.mode: str | None = None
        self.note: str | None = None
        self.flag: bool | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("count")) is not None and v != self.count:
            self.count = acc.last_value(self, "count", self.count, v, int)
        if (v := get("mode")) is not None and v != self.mode:
            self.mode = acc.last_value(self, "mode", self.mode, v, str)
        if (v := get("note")) is not None and v != self.note:
            self.note = acc.last_text(self, "note", self.note, v)
        if (v := get("flag")) is not None and v != self.flag:
            self.flag = acc.last_value(self, "flag", self.flag, v, bool)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.count is not None:
            out["count"] = self.count
        if self.mode is not None:
            out["mode"] = self.mode
        if self.note is not None:
            out["note"] = self.note
        if self.flag is not None:
            out["flag"] = self.flag
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
