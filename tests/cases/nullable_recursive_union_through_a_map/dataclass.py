# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Root(_Dataclass):
    p: typing.Optional[Uni]  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            p=_Field("p", _P_nullable_Uni, nullable=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"p"})


CC: TypeAlias = "typing.Union[Uni, str] | None"  # noqa: UP007
"""From ``#/components/schemas/C.c`` (written as a Python name)."""


Class: TypeAlias = "dict[str, typing.Optional[CC]]"  # noqa: UP045


Uni: TypeAlias = "typing.Optional[Class]"  # noqa: UP045
"""From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."""


def _parse_CC(value: Any) -> CC:
    parsed: CC = _P_nullable_first_of_Uni_str(value)
    return parsed


def _parse_Class(value: Any) -> Class:
    parsed: Class = _P_map_of_nullable_CC(value)
    return parsed


def _parse_Uni(value: Any) -> Uni:
    parsed: Uni = _P_nullable_Class(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_nullable_Uni: Callable[[Any], Any] = _nullable(_parse_Uni)
_P_first_of_Uni_str: Callable[[Any], Any] = _first_of((_parse_Uni, _str))
_P_nullable_first_of_Uni_str: Callable[[Any], Any] = _nullable(_P_first_of_Uni_str)
_P_nullable_CC: Callable[[Any], Any] = _nullable(_parse_CC)
_P_map_of_nullable_CC: Callable[[Any], Any] = _map_of(_P_nullable_CC)
_P_nullable_Class: Callable[[Any], Any] = _nullable(_parse_Class)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_cc = _parse_CC
parse_class = _parse_Class
parse_uni = _parse_Uni


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("p",)
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.p: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("p")) is not None:
            self.p = acc.last_object(self, "p", self.p, v, whole=True)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.p) is not None:
            self.p = acc.last_object(self, "p", self.p, _as_json(v), whole=True)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["p"] = self.p
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
