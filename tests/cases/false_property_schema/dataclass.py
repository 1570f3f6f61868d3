# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Root(_Dataclass):
    legacy: None = None
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""
    a: str
    secret: None = None
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""
    null_fields: frozenset[str] = frozenset()
    """The fields whose only value is ``null`` that the payload carried, by wire name
    (``to_dict`` writes them back)."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            legacy=_Field("legacy", _null, optional=True, null_only=True),
            a=_Field("a", _str, fast=str),
            secret=_Field("secret", _null, optional=True, null_only=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"legacy", "a", "secret"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("a", "legacy", "secret")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.legacy: Any = None
        self.a: str | None = None
        self.secret: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("legacy")) is not None:
            self.legacy = v
        if (v := get("a")) is not None and v != self.a:
            self.a = acc.last_text(self, "a", self.a, v)
        if (v := get("secret")) is not None:
            self.secret = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.legacy) is not None:
            self.legacy = _as_json(v)
        if (v := model.a) is not None and v != self.a:
            self.a = acc.last_text(self, "a", self.a, v)
        if (v := model.secret) is not None:
            self.secret = _as_json(v)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.legacy is not None:
            out["legacy"] = self.legacy
        if self.a is not None:
            out["a"] = self.a
        if self.secret is not None:
            out["secret"] = self.secret
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
