# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class RootFree(_Dataclass):
    a: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            a=_Field("a", _str, fast=str, optional=True),
        )
    )


@_model
class RootClosed(_Dataclass):
    a: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            a=_Field("a", _str, fast=str, optional=True),
        )
    )


@_model
class RootTyped(_Dataclass):
    a: str | None = None
    extra_fields: dict[str, int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _extras(d, _KEYS_RootTyped, _int),
            a=_Field("a", _str, fast=str, optional=True),
        )
    )


_KEYS_RootTyped: frozenset[str] = frozenset({"a"})


@_model
class Part(_Dataclass):
    text: str | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            text=_Field("text", _str, fast=str, optional=True),
        )
    )


@_model
class Root(_Dataclass):
    free: RootFree
    closed: RootClosed
    typed: RootTyped
    map: dict[str, Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            free=_Field("free", RootFree.from_dict, dump=True),
            closed=_Field("closed", RootClosed.from_dict, dump=True),
            typed=_Field("typed", RootTyped.from_dict, dump=True),
            map=_Field("map", _P_map_of_Part, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"free", "closed", "typed", "map"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_map_of_Part: Callable[[Any], Any] = _map_of(Part.from_dict)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_part = Part.from_dict


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("closed", "free", "map", "typed")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.free: dict[str, Any] | None = None
        self.closed: dict[str, Any] | None = None
        self.typed: dict[str, Any] | None = None
        self.map: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("free")) is not None:
            self.free = acc.last_object(self, "free", self.free, v, pieces=True)
        if (v := get("closed")) is not None:
            self.closed = acc.last_object(self, "closed", self.closed, v, pieces=True)
        if (v := get("typed")) is not None:
            self.typed = acc.last_object(self, "typed", self.typed, v, pieces=True)
        if (v := get("map")) is not None:
            self.map = acc.last_object(self, "map", self.map, v, whole=True)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.free) is not None:
            self.free = acc.last_object(
                self, "free", self.free, _as_json(v), pieces=True
            )
        if (v := model.closed) is not None:
            self.closed = acc.last_object(
                self, "closed", self.closed, _as_json(v), pieces=True
            )
        if (v := model.typed) is not None:
            self.typed = acc.last_object(
                self, "typed", self.typed, _as_json(v), pieces=True
            )
        if (v := model.map) is not None:
            self.map = acc.last_object(self, "map", self.map, _as_json(v), whole=True)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.free is not None:
            out["free"] = self.free
        if self.closed is not None:
            out["closed"] = self.closed
        if self.typed is not None:
            out["typed"] = self.typed
        if self.map is not None:
            out["map"] = self.map
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
