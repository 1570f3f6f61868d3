# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        value: Json
    else:
        value: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("value", "value"),)

    def __post_init__(self) -> None:
        self.value = _checked(_C_Root_value, self.value, "value")


_KEYS_Root = frozenset({"value"})


Json: TypeAlias = "str | float | list[Json] | dict[str, Json]"


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Json = _Named()
_C_Json.check = _OneOf((str, float, _ListOf(_C_Json), _MapOf(_C_Json)))
_C_Root_value = _C_Json


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root`` (unknown fields kept); raises ``msgspec.ValidationError``."""
    parsed: Root = _parse(Root, data)
    return parsed


_DECODE_Root = msgspec.json.Decoder(Root).decode


def decode_root(text: bytes | str) -> Root:
    """One ``Root`` from its JSON text (unknown fields kept, through ``parse_root``)."""
    try:
        return _DECODE_Root(text)
    except msgspec.ValidationError:
        return parse_root(msgspec.json.decode(text))


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises msgspec.ValidationError naming the place that does not fit.
parse_json: Callable[[Any], Json] = _parser_of(_C_Json)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("value",)
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.value: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("value")) is not None:
            self.value = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.value) is not None:
            self.value = _as_json(v)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.value is not None:
            out["value"] = self.value
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
        built: Root = _built_anyway(Root, self.snapshot_dict(), self)
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
    """Event ``number``'s data, decoded from its JSON text into the models (``_decoded_chunk``)."""
    chunk: Root = _decoded_chunk(_DECODE_Root, parse_root, text, number)
    return chunk
