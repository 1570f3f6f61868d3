# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(TypedDict):
    code: int
    msg: str | None
    always: None
    detail: NotRequired[None]
    gone: NotRequired[None]


_KEYS_Root = frozenset({"code", "msg", "always", "detail", "gone"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_nullable_str = _nullable(_str)
_P_nullable_null = _nullable(_null)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("code", _int, fast=int),
    _Key("msg", _P_nullable_str, fast=str, nullable=True),
    _Key("always", _P_nullable_null, nullable=True),
    _Key("detail", _null, optional=True),
    _Key("gone", _null, optional=True),
)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("always", "code", "detail", "gone", "msg")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.code: int | None = None
        self.msg: str | None = None
        self.always: Any = None
        self.detail: Any = None
        self.gone: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("code")) is not None and v != self.code:
            self.code = acc.last_value(self, "code", self.code, v, int)
        if (v := get("msg")) is not None and v != self.msg:
            self.msg = acc.last_text(self, "msg", self.msg, v)
        if (v := get("always")) is not None:
            self.always = v
        if (v := get("detail")) is not None:
            self.detail = v
        if (v := get("gone")) is not None:
            self.gone = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.code is not None:
            out["code"] = self.code
        out["msg"] = self.msg
        out["always"] = self.always
        if self.detail is not None:
            out["detail"] = self.detail
        if self.gone is not None:
            out["gone"] = self.gone
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
