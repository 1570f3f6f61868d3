# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Root(_Dataclass):
    n: None
    o: None = None
    l: list[None] | None = None
    u: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            n=_Field("n", _P_nullable_null, nullable=True),
            o=_Field("o", _null, optional=True, null_only=True),
            l=_Field("l", _P_list_of_nullable_null, optional=True),
            u=_Field("u", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"n", "o", "l", "u"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_nullable_null: Callable[[Any], Any] = _nullable(_null)
_P_list_of_nullable_null: Callable[[Any], Any] = _list_of(_P_nullable_null)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("l", "n", "o", "u")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.n: Any = None
        self.o: Any = None
        self.l: list[Any] | None = None
        self.u: str | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("n")) is not None:
            self.n = v
        if (v := get("o")) is not None:
            self.o = v
        if (v := get("l")) is not None:
            self.l = acc.last_list(self, "l", self.l, v)
        if (v := get("u")) is not None and v != self.u:
            self.u = acc.last_text(self, "u", self.u, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.n) is not None:
            self.n = _as_json(v)
        if (v := model.o) is not None:
            self.o = _as_json(v)
        if (v := model.l) is not None:
            self.l = acc.last_list(self, "l", self.l, _as_json(v))
        if (v := model.u) is not None and v != self.u:
            self.u = acc.last_text(self, "u", self.u, v)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["n"] = self.n
        if self.o is not None:
            out["o"] = self.o
        if self.l is not None:
            out["l"] = self.l
        if self.u is not None:
            out["u"] = self.u
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
