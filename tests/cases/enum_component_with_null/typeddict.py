# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


Plan: TypeAlias = Literal["basic", "pro"] | None


Tier: TypeAlias = Literal["free", "paid"] | None


Level: TypeAlias = Literal[1, 2] | None


class Tree(TypedDict):
    plan: NotRequired[Plan | str | None]
    kids: NotRequired[list[Tree] | None]


class Root(TypedDict):
    plan: Plan | str | None
    described: Plan | str | None
    """a sibling of the $ref"""
    tier: NotRequired[Tier | str | None]
    level: NotRequired[Level | int | None]
    plans: NotRequired[list[Plan | str | None] | None]
    tree: NotRequired[Tree | None]


_KEYS_Root = frozenset({"plan", "described", "tier", "level", "plans", "tree"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Tree = _Checks(Tree)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_list_of_Tree = _list_of(_parse_Tree)
_P_nullable_str = _nullable(_str)
_P_list_of_nullable_str = _list_of(_P_nullable_str)
_P_nullable_int = _nullable(_int)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Tree.keys = (
    _Key("plan", _str, fast=str, optional=True),
    _Key("kids", _P_list_of_Tree, optional=True),
)


_parse_Root.keys = (
    _Key("plan", _P_nullable_str, fast=str, nullable=True),
    _Key("described", _P_nullable_str, fast=str, nullable=True),
    _Key("tier", _str, fast=str, optional=True),
    _Key("level", _int, fast=int, optional=True),
    _Key("plans", _P_list_of_nullable_str, optional=True),
    _Key("tree", _parse_Tree, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_tree = _parse_Tree
parse_plan = _P_nullable_str
parse_tier = _P_nullable_str
parse_level = _P_nullable_int


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("described", "level", "plan", "plans", "tier", "tree")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.plan: str | None = None
        self.described: str | None = None
        self.tier: str | None = None
        self.level: int | None = None
        self.plans: list[Any] | None = None
        self.tree: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("plan")) is not None and v != self.plan:
            self.plan = acc.last_value(self, "plan", self.plan, v, str)
        if (v := get("described")) is not None and v != self.described:
            self.described = acc.last_value(self, "described", self.described, v, str)
        if (v := get("tier")) is not None and v != self.tier:
            self.tier = acc.last_value(self, "tier", self.tier, v, str)
        if (v := get("level")) is not None and v != self.level:
            self.level = acc.last_value(self, "level", self.level, v, int)
        if (v := get("plans")) is not None:
            self.plans = acc.last_list(self, "plans", self.plans, v)
        if (v := get("tree")) is not None:
            self.tree = acc.last_object(self, "tree", self.tree, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["plan"] = self.plan
        out["described"] = self.described
        if self.tier is not None:
            out["tier"] = self.tier
        if self.level is not None:
            out["level"] = self.level
        if self.plans is not None:
            out["plans"] = self.plans
        if self.tree is not None:
            out["tree"] = self.tree
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
