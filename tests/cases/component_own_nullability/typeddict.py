# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Node(TypedDict):
    v: NotRequired[int | None]
    next: Node | None


Root = TypedDict(
    "Root",
    {
        "j": "Json | None",
        "node": "Node | None",
        "maybe": "str | None",
        "list": "list[str | None]",
    },
)


_KEYS_Root = frozenset({"j", "node", "maybe", "list"})


Json = TypeAliasType(
    "Json", "str | float | bool | list[Json | None] | dict[str, Json | None] | None"
)


def _parse_Json(value: Any) -> Json:
    parsed: Json = _P_nullable_first_of_str_and_4_more(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Node = _Checks(Node)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_nullable_Node = _nullable(_parse_Node)
_P_nullable_Json = _nullable(_parse_Json)
_P_nullable_str = _nullable(_str)
_P_list_of_nullable_str = _list_of(_P_nullable_str)
_P_list_of_nullable_Json = _list_of(_P_nullable_Json)
_P_map_of_nullable_Json = _map_of(_P_nullable_Json)
_P_first_of_str_and_4_more = _first_of(
    (_str, _float, _bool, _P_list_of_nullable_Json, _P_map_of_nullable_Json)
)
_P_nullable_first_of_str_and_4_more = _nullable(_P_first_of_str_and_4_more)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Node.keys = (
    _Key("v", _int, fast=int, optional=True),
    _Key("next", _P_nullable_Node, nullable=True),
)


_parse_Root.keys = (
    _Key("j", _P_nullable_Json, nullable=True),
    _Key("node", _P_nullable_Node, nullable=True),
    _Key("maybe", _P_nullable_str, fast=str, nullable=True),
    _Key("list", _P_list_of_nullable_str),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_node = _parse_Node
parse_json = _parse_Json


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("j", "list_", "maybe", "node")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.j: Any = None
        self.node: dict[str, Any] | None = None
        self.maybe: str | None = None
        self.list_: list[Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("j")) is not None:
            self.j = v
        if (v := get("node")) is not None:
            self.node = acc.last_object(self, "node", self.node, v)
        if (v := get("maybe")) is not None and v != self.maybe:
            self.maybe = acc.last_text(self, "maybe", self.maybe, v)
        if (v := get("list")) is not None:
            self.list_ = acc.last_list(self, "list", self.list_, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["j"] = self.j
        out["node"] = self.node
        out["maybe"] = self.maybe
        if self.list_ is not None:
            out["list"] = self.list_
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
