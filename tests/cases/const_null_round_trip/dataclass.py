# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Root(_Dataclass):
    code: int
    msg: str | None
    always: None
    detail: None = None
    gone: None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            code=_Field("code", _int, fast=int),
            msg=_Field("msg", _P_nullable_str, fast=str, nullable=True),
            always=_Field("always", _P_nullable_null, nullable=True),
            detail=_Field("detail", _null, optional=True, null_only=True),
            gone=_Field("gone", _null, optional=True, null_only=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"code", "msg", "always", "detail", "gone"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_nullable_str: Callable[[Any], Any] = _nullable(_str)
_P_nullable_null: Callable[[Any], Any] = _nullable(_null)


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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.code) is not None and v != self.code:
            self.code = acc.last_value(self, "code", self.code, v, int)
        if (v := model.msg) is not None and v != self.msg:
            self.msg = acc.last_text(self, "msg", self.msg, v)
        if (v := model.always) is not None:
            self.always = _as_json(v)
        if (v := model.detail) is not None:
            self.detail = _as_json(v)
        if (v := model.gone) is not None:
            self.gone = _as_json(v)
        if extra := model.extra_fields:
            self._add(extra, acc)

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
