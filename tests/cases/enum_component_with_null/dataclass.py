# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


Plan: TypeAlias = Literal["basic", "pro"] | None


Tier: TypeAlias = Literal["free", "paid"] | None


Level: TypeAlias = Literal[1, 2] | None


@_model
class Tree(_Dataclass):
    plan: Plan | str | None = None
    kids: list[Tree] | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            plan=_Field("plan", _str, fast=str, optional=True),
            kids=_Field("kids", _P_list_of_Tree, optional=True, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    plan: Plan | str | None
    described: Plan | str | None
    """a sibling of the $ref"""
    tier: Tier | str | None = None
    level: Level | int | None = None
    plans: list[Plan | str | None] | None = None
    tree: Tree | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            plan=_Field("plan", _P_nullable_str, fast=str, nullable=True),
            described=_Field("described", _P_nullable_str, fast=str, nullable=True),
            tier=_Field("tier", _str, fast=str, optional=True),
            level=_Field("level", _int, fast=int, optional=True),
            plans=_Field("plans", _P_list_of_nullable_str, optional=True),
            tree=_Field("tree", Tree.from_dict, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset(
    {"plan", "described", "tier", "level", "plans", "tree"}
)


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_list_of_Tree: Callable[[Any], Any] = _list_of(Tree.from_dict)
_P_nullable_str: Callable[[Any], Any] = _nullable(_str)
_P_list_of_nullable_str: Callable[[Any], Any] = _list_of(_P_nullable_str)
_P_nullable_int: Callable[[Any], Any] = _nullable(_int)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_tree = Tree.from_dict
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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.plan) is not None and v != self.plan:
            self.plan = acc.last_value(self, "plan", self.plan, v, str)
        if (v := model.described) is not None and v != self.described:
            self.described = acc.last_value(self, "described", self.described, v, str)
        if (v := model.tier) is not None and v != self.tier:
            self.tier = acc.last_value(self, "tier", self.tier, v, str)
        if (v := model.level) is not None and v != self.level:
            self.level = acc.last_value(self, "level", self.level, v, int)
        if (v := model.plans) is not None:
            self.plans = acc.last_list(self, "plans", self.plans, _as_json(v))
        if (v := model.tree) is not None:
            self.tree = acc.last_object(self, "tree", self.tree, _as_json(v))
        if extra := model.extra_fields:
            self._add(extra, acc)

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
