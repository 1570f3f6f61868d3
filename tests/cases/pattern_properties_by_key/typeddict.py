# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class Closed(TypedDict):
    name: NotRequired[str | None]


_KEYS_Closed = frozenset({"name"})


class Open(TypedDict):
    pass


_KEYS_Open = frozenset[str]()


class Typed(TypedDict):
    pass


_KEYS_Typed = frozenset[str]()


class Root(TypedDict):
    closed: NotRequired[Closed | None]
    open: NotRequired[Open | None]
    typed: NotRequired[Typed | None]


_KEYS_Root = frozenset({"closed", "open", "typed"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Closed = _Checks(Closed)
_parse_Open = _Checks(Open)
_parse_Typed = _Checks(Typed)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_first_of_str_int = _first_of((_str, _int))
_P_first_of_str_Open_bool = _first_of((_str, _parse_Open, _bool))


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Closed.keys = (_Key("name", _str, fast=str, optional=True),)
_parse_Closed.extras = lambda d: _pattern_extras(
    d,
    _KEYS_Closed,
    (
        ("^x-", _str),
        ("count$", _int),
        ("^n_", _int),
    ),
    None,
    True,
)


_parse_Open.extras = lambda d: _pattern_extras(
    d, _KEYS_Open, (("^x-", _str),), None, False
)


_parse_Typed.extras = lambda d: _pattern_extras(
    d,
    _KEYS_Typed,
    (
        ("^x-", _str),
        ("^o_", _parse_Open),
    ),
    _bool,
    False,
)


_parse_Root.keys = (
    _Key("closed", _parse_Closed, optional=True),
    _Key("open", _parse_Open, optional=True),
    _Key("typed", _parse_Typed, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_closed = _parse_Closed
parse_open = _parse_Open
parse_typed = _parse_Typed


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("closed", "open", "typed")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.closed: dict[str, Any] | None = None
        self.open: dict[str, Any] | None = None
        self.typed: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("closed")) is not None:
            self.closed = acc.last_object(self, "closed", self.closed, v)
        if (v := get("open")) is not None:
            self.open = acc.last_object(self, "open", self.open, v)
        if (v := get("typed")) is not None:
            self.typed = acc.last_object(self, "typed", self.typed, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.closed is not None:
            out["closed"] = self.closed
        if self.open is not None:
            out["open"] = self.open
        if self.typed is not None:
            out["typed"] = self.typed
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
