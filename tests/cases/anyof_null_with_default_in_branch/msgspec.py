# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(_Struct, kw_only=True):
    """Spec defaults, not applied: ``tier='auto'``."""

    tier: Literal["auto", "default"] | str | None = None


_KEYS_Root = frozenset({"tier"})


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

    __slots__ = ("tier",)
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.tier: str | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("tier")) is not None and v != self.tier:
            self.tier = acc.last_value(self, "tier", self.tier, v, str)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.tier) is not None and v != self.tier:
            self.tier = acc.last_value(self, "tier", self.tier, v, str)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.tier is not None:
            out["tier"] = self.tier
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
