# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Root(_Dataclass):
    created: int
    at: str
    big: int
    ratio: float
    blob: str
    link: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            created=_Field("created", _int, fast=int),
            at=_Field("at", _str, fast=str),
            big=_Field("big", _int, fast=int),
            ratio=_Field("ratio", _float, fast=float),
            blob=_Field("blob", _str, fast=str),
            link=_Field("link", _str, fast=str),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
    {"created", "at", "big", "ratio", "blob", "link"}
)


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.created) is not None and v != self.created:
            self.created = acc.last_value(self, "created", self.created, v, int)
        if (v := model.at) is not None and v != self.at:
            self.at = acc.last_value(self, "at", self.at, v, str)
        if (v := model.big) is not None and v != self.big:
            self.big = acc.last_value(self, "big", self.big, v, int)
        if (v := model.ratio) is not None and v != self.ratio:
            self.ratio = acc.last_value(self, "ratio", self.ratio, v, float)
        if (v := model.blob) is not None and v != self.blob:
            self.blob = acc.last_text(self, "blob", self.blob, v)
        if (v := model.link) is not None and v != self.link:
            self.link = acc.last_text(self, "link", self.link, v)
        if extra := model.extra_fields:
            self._add(extra, acc)

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
    _model = Root

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
