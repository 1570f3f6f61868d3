# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Node(TypedDict):
    value: NotRequired[int | None]
    children: NotRequired[list[Node] | None]


class Pong(TypedDict):
    ping: NotRequired[Ping | None]


class Ping(TypedDict):
    pong: NotRequired[Pong | None]


class Root(TypedDict):
    tree: Node
    ping: NotRequired[Ping | None]


_KEYS_Root = frozenset({"tree", "ping"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Node = _Checks(Node)
_parse_Pong = _Checks(Pong)
_parse_Ping = _Checks(Ping)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_list_of_Node = _list_of(_parse_Node)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Node.keys = (
    _Key("value", _int, fast=int, optional=True),
    _Key("children", _P_list_of_Node, optional=True),
)


_parse_Pong.keys = (_Key("ping", _parse_Ping, optional=True),)


_parse_Ping.keys = (_Key("pong", _parse_Pong, optional=True),)


_parse_Root.keys = (
    _Key("tree", _parse_Node),
    _Key("ping", _parse_Ping, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_node = _parse_Node
parse_pong = _parse_Pong
parse_ping = _parse_Ping


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("ping", "tree")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.tree: dict[str, Any] | None = None
        self.ping: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("tree")) is not None:
            self.tree = acc.last_object(self, "tree", self.tree, v)
        if (v := get("ping")) is not None:
            self.ping = acc.last_object(self, "ping", self.ping, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.tree is not None:
            out["tree"] = self.tree
        if self.ping is not None:
            out["ping"] = self.ping
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
