# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Root(_Dataclass):
    value: typing.Optional[Json] = None  # noqa: UP045
    values: list[typing.Optional[Json]] | None = None  # noqa: UP045
    words: typing.Optional[Words] = None  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            value=_Field("value", _parse_Json, optional=True, dump=True),
            values=_Field("values", _P_list_of_nullable_Json, optional=True, dump=True),
            words=_Field("words", _parse_Words, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"value", "values", "words"})


Json: TypeAlias = (
    "str | float | bool | list[typing.Optional[Json]] | dict[str, typing.Optional[Json]] | None"  # noqa: UP045
)


Words: TypeAlias = "str | list[Words]"


def _parse_Json(value: Any) -> Json:
    parsed: Json = _P_nullable_first_of_str_and_4_more(value)
    return parsed


def _parse_Words(value: Any) -> Words:
    parsed: Words = _P_first_of_str_list_of_Words(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_nullable_Json: Callable[[Any], Any] = _nullable(_parse_Json)
_P_list_of_nullable_Json: Callable[[Any], Any] = _list_of(_P_nullable_Json)
_P_map_of_nullable_Json: Callable[[Any], Any] = _map_of(_P_nullable_Json)
_P_first_of_str_and_4_more: Callable[[Any], Any] = _first_of(
    (_str, _float, _bool, _P_list_of_nullable_Json, _P_map_of_nullable_Json)
)
_P_nullable_first_of_str_and_4_more: Callable[[Any], Any] = _nullable(
    _P_first_of_str_and_4_more
)
_P_list_of_Words: Callable[[Any], Any] = _list_of(_parse_Words)
_P_first_of_str_list_of_Words: Callable[[Any], Any] = _first_of(
    (_str, _P_list_of_Words)
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_json = _parse_Json
parse_words = _parse_Words


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("value", "values", "words")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.value: Any = None
        self.values: list[Any] | None = None
        self.words: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("value")) is not None:
            self.value = v
        if (v := get("values")) is not None:
            self.values = acc.last_list(self, "values", self.values, v)
        if (v := get("words")) is not None:
            self.words = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.value) is not None:
            self.value = _as_json(v)
        if (v := model.values) is not None:
            self.values = acc.last_list(self, "values", self.values, _as_json(v))
        if (v := model.words) is not None:
            self.words = _as_json(v)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.value is not None:
            out["value"] = self.value
        if self.values is not None:
            out["values"] = self.values
        if self.words is not None:
            out["words"] = self.words
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
