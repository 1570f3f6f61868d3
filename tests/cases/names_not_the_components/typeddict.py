# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


Пользователь = TypedDict(
    "Пользователь",
    {
        "имя": "str",
        "Ünï": NotRequired["int | None"],
    },
)


class NoneModel(TypedDict):
    """From ``#/components/schemas/None`` (``None`` is a Python keyword)."""

    x: NotRequired[str | None]


class Root(TypedDict):
    user: Пользователь
    none: NotRequired[NoneModel | None]
    kind: NotRequired[KindOf | str | None]


_KEYS_Root = frozenset({"user", "none", "kind"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Пользователь = _Checks(Пользователь)
_parse_NoneModel = _Checks(NoneModel)
_parse_Root = _Checks(Root)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Пользователь.keys = (
    _Key("имя", _str, fast=str),
    _Key("Ünï", _int, fast=int, optional=True),
)


_parse_NoneModel.keys = (_Key("x", _str, fast=str, optional=True),)


_parse_Root.keys = (
    _Key("user", _parse_Пользователь),
    _Key("none", _parse_NoneModel, optional=True),
    _Key("kind", _str, fast=str, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_пользователь = _parse_Пользователь
parse_none_model = _parse_NoneModel
parse_kind_of = _str


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("kind", "none", "user")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.user: dict[str, Any] | None = None
        self.none: dict[str, Any] | None = None
        self.kind: str | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("user")) is not None:
            self.user = acc.last_object(self, "user", self.user, v, pieces=True)
        if (v := get("none")) is not None:
            self.none = acc.last_object(self, "none", self.none, v, pieces=True)
        if (v := get("kind")) is not None and v != self.kind:
            self.kind = acc.last_value(self, "kind", self.kind, v, str)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.user is not None:
            out["user"] = self.user
        if self.none is not None:
            out["none"] = self.none
        if self.kind is not None:
            out["kind"] = self.kind
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
