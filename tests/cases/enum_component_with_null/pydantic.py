# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


def _exact_int(value: Any) -> Any:
    """A boolean or a float is no integer enum value: pydantic's ``Literal[1]`` admits
    ``True`` and ``1.0``, even in strict mode."""
    if type(value) is bool or type(value) is float:
        raise ValueError(f"{value!r} is not an integer")
    return value


Plan: TypeAlias = Literal["basic", "pro"] | None


Tier: TypeAlias = Literal["free", "paid"] | None


Level: TypeAlias = Annotated[Literal[1, 2], BeforeValidator(_exact_int)] | None


class Tree(_Model):
    plan: Plan | str | None = None
    kids: list[Tree] | None = None


class Root(_Model):
    plan: Plan | str | None
    described: Plan | str | None
    """a sibling of the $ref"""
    tier: Tier | str | None = None
    level: Level | int | None = None
    plans: list[Plan | str | None] | None = None
    tree: Tree | None = None


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_tree = _parser(Tree)
parse_plan: Callable[[Any], Plan | str | None] = _parser_of(Plan | str | None)
parse_tier: Callable[[Any], Tier | str | None] = _parser_of(Tier | str | None)
parse_level: Callable[[Any], Level | int | None] = _parser_of(Level | int | None)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("described", "level", "plan", "plans", "tier", "tree")
    _known = _wire_names(Root)

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
        get = model.__dict__.get
        if (v := get("plan")) is not None and v != self.plan:
            self.plan = acc.last_value(self, "plan", self.plan, v, str)
        if (v := get("described")) is not None and v != self.described:
            self.described = acc.last_value(self, "described", self.described, v, str)
        if (v := get("tier")) is not None and v != self.tier:
            self.tier = acc.last_value(self, "tier", self.tier, v, str)
        if (v := get("level")) is not None and v != self.level:
            self.level = acc.last_value(self, "level", self.level, v, int)
        if (v := get("plans")) is not None:
            self.plans = acc.last_list(self, "plans", self.plans, _as_json(v))
        if (v := get("tree")) is not None:
            self.tree = acc.last_object(self, "tree", self.tree, _as_json(v))
        if extra := model.__pydantic_extra__:
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
        built: Root = _built_anyway(Root.model_validate, self.snapshot_dict(), self)
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


def _chunk_model(text: str, number: int) -> Root:
    """Event ``number``'s data, validated from its JSON text (``_json_chunk``)."""
    chunk: Root = _json_chunk(Root, parse_root, text, number)
    return chunk
