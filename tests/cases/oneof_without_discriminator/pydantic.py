# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


class RootValueText(_Model):
    text: str


class RootValueImage(_Model):
    url: str


class Root(_Model):
    value: Annotated[
        RootValueText | RootValueImage | str, Field(union_mode="left_to_right")
    ]


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("value",)
    _known = _wire_names(Root)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.value: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("value")) is not None:
            self.value = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("value")) is not None:
            self.value = _as_json(v)
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.value is not None:
            out["value"] = self.value
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
        built: Root = _built_anyway(Root.model_validate, self.snapshot_dict(), self)
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
    """Event ``number``'s data, validated from its JSON text (``_json_chunk``)."""
    chunk: Root = _json_chunk(Root, parse_root, text, number)
    return chunk
