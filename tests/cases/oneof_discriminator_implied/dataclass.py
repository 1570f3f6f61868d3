# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class UnknownRootShape(_Dataclass):
    """A ``RootShape`` of a kind the spec does not list (its ``type``), as sent."""

    type: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
        )
    )


@_model
class Circle(_Dataclass):
    type: Literal["circle"]
    r: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _literal_of(("circle",))),
            r=_Field("r", _float, fast=float),
        )
    )


@_model
class Square(_Dataclass):
    type: Literal["Square"]
    side: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _literal_of(("Square",))),
            side=_Field("side", _float, fast=float),
        )
    )


@_model
class Root(_Dataclass):
    shape: Circle | Square | UnknownRootShape
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            shape=_Field(
                "shape", _P_tagged_type_circle_Circle_Square_Square, dump=True
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"shape"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_tagged_type_circle_Circle_Square_Square: Callable[[Any], Any] = _tagged(
    "type",
    {"circle": Circle.from_dict, "Square": Square.from_dict},
    UnknownRootShape.from_dict,
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_circle = Circle.from_dict
parse_square = Square.from_dict


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("shape",)
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.shape: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("shape")) is not None:
            self.shape = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.shape) is not None:
            self.shape = _as_json(v)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.shape is not None:
            out["shape"] = self.shape
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
