# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Node(_Dataclass):
    v: int | None = None
    next: Node | None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            v=_Field("v", _int, fast=int, optional=True),
            next=_Field("next", _P_nullable_Node, nullable=True, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    j: typing.Optional[Json]  # noqa: UP045
    node: Node | None
    maybe: str | None
    list_: list[str | None]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            j=_Field("j", _P_nullable_Json, nullable=True, dump=True),
            node=_Field("node", _P_nullable_Node, nullable=True, dump=True),
            maybe=_Field("maybe", _P_nullable_str, fast=str, nullable=True),
            list_=_Field("list", _P_list_of_nullable_str),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"j", "node", "maybe", "list"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)


def _parse_Json(value: Any) -> Json:
    parsed: Json = _P_nullable_first_of_str_and_4_more(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_nullable_Node: Callable[[Any], Any] = _nullable(Node.from_dict)
_P_nullable_Json: Callable[[Any], Any] = _nullable(_parse_Json)
_P_nullable_str: Callable[[Any], Any] = _nullable(_str)
_P_list_of_nullable_str: Callable[[Any], Any] = _list_of(_P_nullable_str)
_P_list_of_nullable_Json: Callable[[Any], Any] = _list_of(_P_nullable_Json)
_P_map_of_nullable_Json: Callable[[Any], Any] = _map_of(_P_nullable_Json)
_P_first_of_str_and_4_more: Callable[[Any], Any] = _first_of(
    (_str, _float, _bool, _P_list_of_nullable_Json, _P_map_of_nullable_Json)
)
_P_nullable_first_of_str_and_4_more: Callable[[Any], Any] = _nullable(
    _P_first_of_str_and_4_more
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_node = Node.from_dict
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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.j) is not None:
            self.j = _as_json(v)
        if (v := model.node) is not None:
            self.node = acc.last_object(self, "node", self.node, _as_json(v))
        if (v := model.maybe) is not None and v != self.maybe:
            self.maybe = acc.last_text(self, "maybe", self.maybe, v)
        if (v := model.list_) is not None:
            self.list_ = acc.last_list(self, "list", self.list_, _as_json(v))
        if extra := model.extra_fields:
            self._add(extra, acc)

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
