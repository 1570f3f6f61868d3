# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(TypedDict):
    legacy: NotRequired[None]
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""
    a: str
    secret: NotRequired[None]
    """Forbidden by the spec (its schema is ``false``): the key must be absent; ``null``
    reads as absent."""


_KEYS_Root = frozenset({"legacy", "a", "secret"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("legacy", _null, optional=True),
    _Key("a", _str, fast=str),
    _Key("secret", _null, optional=True),
)


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
