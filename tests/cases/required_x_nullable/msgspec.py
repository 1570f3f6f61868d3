# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(_Struct, kw_only=True):
    req: str
    req_null: str | None
    opt: str | None = None
    opt_null: str | None = None


_KEYS_Root = frozenset({"req", "req_null", "opt", "opt_null"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root`` (unknown fields kept); raises ``msgspec.ValidationError``."""
    parsed: Root = _parse(Root, data)
    return parsed


_DECODE_Root = msgspec.json.Decoder(Root).decode


def decode_root(text: bytes | str) -> Root:
    """One ``Root`` from its JSON text (unknown fields kept, through ``parse_root``)."""
    try:
        return _DECODE_Root(text)
    except msgspec.ValidationError:
        return parse_root(msgspec.json.decode(text))


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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.req) is not None and v != self.req:
            self.req = acc.last_text(self, "req", self.req, v)
        if (v := model.req_null) is not None and v != self.req_null:
            self.req_null = acc.last_text(self, "req_null", self.req_null, v)
        if (v := model.opt) is not None and v != self.opt:
            self.opt = acc.last_text(self, "opt", self.opt, v)
        if (v := model.opt_null) is not None and v != self.opt_null:
            self.opt_null = acc.last_text(self, "opt_null", self.opt_null, v)
        if extra := model.extra_fields:
            self._add(extra, acc)

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
    _model = Root

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_RootMerge(""), strict)

    def snapshot(self) -> Root:
        """The merged stream so far as a ``Root``, validated once (what does not
        fit is reported, ``schema_drift``, and built anyway unless ``strict=True``)."""
        built: Root = _built_anyway(Root, self.snapshot_dict(), self)
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


def _chunk_model(text: str, number: int) -> Root:
    """Event ``number``'s data, decoded from its JSON text into the models (``_decoded_chunk``)."""
    chunk: Root = _decoded_chunk(_DECODE_Root, parse_root, text, number)
    return chunk
