# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

# fmt: on


class Closed(_Struct, kw_only=True):
    name: str | None = None


class Open(_Struct, kw_only=True):
    pass


class Typed(_Struct, kw_only=True):
    pass


class Root(_Struct, kw_only=True):
    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None


_KEYS_Root = frozenset({"closed", "open", "typed"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
Closed._extra_check = _ByKey(
    (
        ("^x-", str),
        ("count$", int),
        ("^n_", int),
    ),
    None,
    True,
)
Open._extra_check = _ByKey((("^x-", str),), None, False)
Typed._extra_check = _ByKey(
    (
        ("^x-", str),
        ("^o_", Open),
    ),
    bool,
    False,
)


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


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises msgspec.ValidationError naming the place that does not fit.
parse_closed = _parser(Closed)
parse_open = _parser(Open)
parse_typed = _parser(Typed)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("closed", "open", "typed")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.closed: dict[str, Any] | None = None
        self.open: dict[str, Any] | None = None
        self.typed: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("closed")) is not None:
            self.closed = acc.last_object(self, "closed", self.closed, v)
        if (v := get("open")) is not None:
            self.open = acc.last_object(self, "open", self.open, v)
        if (v := get("typed")) is not None:
            self.typed = acc.last_object(self, "typed", self.typed, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.closed) is not None:
            self.closed = acc.last_object(self, "closed", self.closed, _as_json(v))
        if (v := model.open) is not None:
            self.open = acc.last_object(self, "open", self.open, _as_json(v))
        if (v := model.typed) is not None:
            self.typed = acc.last_object(self, "typed", self.typed, _as_json(v))
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.closed is not None:
            out["closed"] = self.closed
        if self.open is not None:
            out["open"] = self.open
        if self.typed is not None:
            out["typed"] = self.typed
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
