# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(TypedDict):
    req: str
    req_null: str | None
    opt: NotRequired[str | None]
    opt_null: NotRequired[str | None]


_KEYS_Root = frozenset({"req", "req_null", "opt", "opt_null"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_nullable_str = _nullable(_str)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("req", _str, fast=str),
    _Key("req_null", _P_nullable_str, fast=str, nullable=True),
    _Key("opt", _str, fast=str, optional=True),
    _Key("opt_null", _str, fast=str, optional=True),
)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("opt", "opt_null", "req", "req_null")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.req: str | None = None
        self.req_null: str | None = None
        self.opt: str | None = None
        self.opt_null: str | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("req")) is not None and v != self.req:
            self.req = acc.last_text(self, "req", self.req, v)
        if (v := get("req_null")) is not None and v != self.req_null:
            self.req_null = acc.last_text(self, "req_null", self.req_null, v)
        if (v := get("opt")) is not None and v != self.opt:
            self.opt = acc.last_text(self, "opt", self.opt, v)
        if (v := get("opt_null")) is not None and v != self.opt_null:
            self.opt_null = acc.last_text(self, "opt_null", self.opt_null, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.req is not None:
            out["req"] = self.req
        out["req_null"] = self.req_null
        if self.opt is not None:
            out["opt"] = self.opt
        if self.opt_null is not None:
            out["opt_null"] = self.opt_null
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
