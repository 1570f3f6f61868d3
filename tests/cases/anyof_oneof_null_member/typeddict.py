# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Part(TypedDict):
    text: str


class Root(TypedDict):
    a: str | None
    b: Part | None


_KEYS_Root = frozenset({"a", "b"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Part = _Checks(Part)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_nullable_str = _nullable(_str)
_P_nullable_Part = _nullable(_parse_Part)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Part.keys = (_Key("text", _str, fast=str),)


_parse_Root.keys = (
    _Key("a", _P_nullable_str, fast=str, nullable=True),
    _Key("b", _P_nullable_Part, nullable=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_part = _parse_Part


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("a", "b")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.a: str | None = None
        self.b: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("a")) is not None and v != self.a:
            self.a = acc.last_text(self, "a", self.a, v)
        if (v := get("b")) is not None:
            self.b = acc.last_object(self, "b", self.b, v, pieces=True)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["a"] = self.a
        out["b"] = self.b
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
