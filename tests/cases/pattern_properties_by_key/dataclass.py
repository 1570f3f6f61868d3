# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class Closed(_Dataclass):
    name: str | None = None
    extra_fields: dict[str, str | int] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _pattern_extras(
                d,
                _KEYS_Closed,
                (
                    ("^x-", _str),
                    ("count$", _int),
                    ("^n_", _int),
                ),
                None,
                True,
            ),
            name=_Field("name", _str, fast=str, optional=True),
        )
    )


_KEYS_Closed: frozenset[str] = frozenset({"name"})


@_model
class Open(_Dataclass):
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _pattern_extras(
                d, _KEYS_Open, (("^x-", _str),), None, False
            ),
        )
    )


_KEYS_Open: frozenset[str] = frozenset[str]()


@_model
class Typed(_Dataclass):
    extra_fields: dict[str, str | Open | bool] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            _extra_fields=lambda d: _pattern_extras(
                d,
                _KEYS_Typed,
                (
                    ("^x-", _str),
                    ("^o_", Open.from_dict),
                ),
                _bool,
                False,
            ),
        )
    )


_KEYS_Typed: frozenset[str] = frozenset[str]()


@_model
class Root(_Dataclass):
    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            closed=_Field("closed", Closed.from_dict, optional=True, dump=True),
            open=_Field("open", Open.from_dict, optional=True, dump=True),
            typed=_Field("typed", Typed.from_dict, optional=True, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"closed", "open", "typed"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_first_of_str_int: Callable[[Any], Any] = _first_of((_str, _int))
_P_first_of_str_Open_bool: Callable[[Any], Any] = _first_of(
    (_str, Open.from_dict, _bool)
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_closed = Closed.from_dict
parse_open = Open.from_dict
parse_typed = Typed.from_dict


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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.closed) is not None:
            self.closed = acc.last_object(self, "closed", self.closed, _as_json(v))
        if (v := model.open) is not None:
            self.open = acc.last_object(self, "open", self.open, _as_json(v))
        if (v := model.typed) is not None:
            self.typed = acc.last_object(self, "typed", self.typed, _as_json(v))
        if extra := model.extra_fields:
            self._add(extra, acc)

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
