# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


KindOf: TypeAlias = Literal["a", "b"]
"""From ``#/components/schemas/Kind-Of`` (written as a Python name)."""


@_model
class Пользователь(_Dataclass):
    имя: str
    Uni: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            имя=_Field("имя", _str, fast=str),
            Uni=_Field("Ünï", _int, fast=int, optional=True),
        )
    )


@_model
class NoneModel(_Dataclass):
    """From ``#/components/schemas/None`` (``None`` is a Python keyword)."""

    x: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            x=_Field("x", _str, fast=str, optional=True),
        )
    )


@_model
class Root(_Dataclass):
    user: Пользователь
    none: NoneModel | None = None
    kind: KindOf | str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            user=_Field("user", Пользователь.from_dict, dump=True),
            none=_Field("none", NoneModel.from_dict, optional=True, dump=True),
            kind=_Field("kind", _str, fast=str, optional=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"user", "none", "kind"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_пользователь = Пользователь.from_dict
parse_none_model = NoneModel.from_dict
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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.user) is not None:
            self.user = acc.last_object(
                self, "user", self.user, _as_json(v), pieces=True
            )
        if (v := model.none) is not None:
            self.none = acc.last_object(
                self, "none", self.none, _as_json(v), pieces=True
            )
        if (v := model.kind) is not None and v != self.kind:
            self.kind = acc.last_value(self, "kind", self.kind, v, str)
        if extra := model.extra_fields:
            self._add(extra, acc)

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
