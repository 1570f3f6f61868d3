# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


def _exact_int(value: Any) -> Any:
    """A boolean or a float is no integer enum value: pydantic's ``Literal[1]`` admits
    ``True`` and ``1.0``, even in strict mode."""
    if type(value) is bool or type(value) is float:
        raise ValueError(f"{value!r} is not an integer")
    return value


Level: TypeAlias = Annotated[Literal[1, 2, 3], BeforeValidator(_exact_int)]
"""Values: 1 = LOW, 2 = MID, 3 = HIGH."""


Ratio: TypeAlias = Annotated[Literal[1, 2], BeforeValidator(_exact_int)]


class Root(_Model):
    lvl: Level | int
    code: Annotated[Literal[200, 404], BeforeValidator(_exact_int)] | int
    """Values: 200 = Ok, 404 = NotFound."""
    ratio: Ratio | float
    frac: float
    mixed: (
        Annotated[Literal[1, "a"], BeforeValidator(_exact_int)] | str | int | None
    ) = None


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_level: Callable[[Any], Level | int] = _parser_of(Level | int)
parse_ratio: Callable[[Any], Ratio | float] = _parser_of(Ratio | float)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("code", "frac", "lvl", "mixed", "ratio")
    _known = _wire_names(Root)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.lvl: int | None = None
        self.code: int | None = None
        self.ratio: Any = None
        self.frac: float | None = None
        self.mixed: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("lvl")) is not None and v != self.lvl:
            self.lvl = acc.last_value(self, "lvl", self.lvl, v, int)
        if (v := get("code")) is not None and v != self.code:
            self.code = acc.last_value(self, "code", self.code, v, int)
        if (v := get("ratio")) is not None:
            self.ratio = v
        if (v := get("frac")) is not None and v != self.frac:
            self.frac = acc.last_value(self, "frac", self.frac, v, float)
        if (v := get("mixed")) is not None:
            self.mixed = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("lvl")) is not None and v != self.lvl:
            self.lvl = acc.last_value(self, "lvl", self.lvl, v, int)
        if (v := get("code")) is not None and v != self.code:
            self.code = acc.last_value(self, "code", self.code, v, int)
        if (v := get("ratio")) is not None:
            self.ratio = _as_json(v)
        if (v := get("frac")) is not None and v != self.frac:
            self.frac = acc.last_value(self, "frac", self.frac, v, float)
        if (v := get("mixed")) is not None:
            self.mixed = _as_json(v)
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.lvl is not None:
            out["lvl"] = self.lvl
        if self.code is not None:
            out["code"] = self.code
        if self.ratio is not None:
            out["ratio"] = self.ratio
        if self.frac is not None:
            out["frac"] = self.frac
        if self.mixed is not None:
            out["mixed"] = self.mixed
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
