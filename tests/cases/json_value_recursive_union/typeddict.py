# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(TypedDict):
    value: NotRequired[Json | None]
    values: NotRequired[list[Json | None] | None]
    words: NotRequired[Words | None]


_KEYS_Root = frozenset({"value", "values", "words"})


Json = TypeAliasType(
    "Json", "str | float | bool | list[Json | None] | dict[str, Json | None] | None"
)


Words = TypeAliasType("Words", "str | list[Words]")


def _parse_Json(value: Any) -> Json:
    parsed: Json = _P_nullable_first_of_str_and_4_more(value)
    return parsed


def _parse_Words(value: Any) -> Words:
    parsed: Words = _P_first_of_str_list_of_Words(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_nullable_Json = _nullable(_parse_Json)
_P_list_of_nullable_Json = _list_of(_P_nullable_Json)
_P_map_of_nullable_Json = _map_of(_P_nullable_Json)
_P_first_of_str_and_4_more = _first_of(
    (_str, _float, _bool, _P_list_of_nullable_Json, _P_map_of_nullable_Json)
)
_P_nullable_first_of_str_and_4_more = _nullable(_P_first_of_str_and_4_more)
_P_list_of_Words = _list_of(_parse_Words)
_P_first_of_str_list_of_Words = _first_of((_str, _P_list_of_Words))


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Root.keys = (
    _Key("value", _parse_Json, optional=True),
    _Key("values", _P_list_of_nullable_Json, optional=True),
    _Key("words", _parse_Words, optional=True),
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
