# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class UnknownRootShape(TypedDict):
    """A ``RootShape`` of a kind the spec does not list (its ``type``), as sent."""

    type: str


class Circle(TypedDict):
    type: Literal["circle"]
    r: float


class Square(TypedDict):
    type: Literal["Square"]
    side: float


class Root(TypedDict):
    shape: Circle | Square | UnknownRootShape


_KEYS_Root = frozenset({"shape"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_UnknownRootShape = _Checks(UnknownRootShape)
_parse_Circle = _Checks(Circle)
_parse_Square = _Checks(Square)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_tagged_type_circle_Circle_Square_Square = _tagged(
    "type", {"circle": _parse_Circle, "Square": _parse_Square}, _parse_UnknownRootShape
)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_UnknownRootShape.keys = (_Key("type", _str, fast=str),)


_parse_Circle.keys = (
    _Key("type", _literal_of(("circle",))),
    _Key("r", _float, fast=float),
)


_parse_Square.keys = (
    _Key("type", _literal_of(("Square",))),
    _Key("side", _float, fast=float),
)


_parse_Root.keys = (_Key("shape", _P_tagged_type_circle_Circle_Square_Square),)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_circle = _parse_Circle
parse_square = _parse_Square


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("shape",)
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.shape: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("shape")) is not None:
            self.shape = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.shape is not None:
            out["shape"] = self.shape
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
