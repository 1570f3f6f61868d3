# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

class Closed(_Struct, kw_only=True):
    name: str | None = None


class Open(_Struct, kw_only=True):
    pass


class Typed(_Struct, kw_only=True):
    pass


class Root(_Struct, kw_only=True):
    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None


_KEYS_Root = frozenset({"closed", "open", "typed"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
Closed._extra_check = _ByKey(
    (
        ("^x-", str),
        ("count$", int),
        ("^n_", int),
    ),
    None,
    True,
)
Open._extra_check = _ByKey((("^x-", str),), None, False)
Typed._extra_check = _ByKey(
    (
        ("^x-", str),
        ("^o_", Open),
    ),
    bool,
    False,
)


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``, unknown fields kept; raises
    ``msgspec.ValidationError`` saying where it does not fit."""
    parsed: Root = _parse(Root, data)
    return parsed


_DECODE_Root = msgspec.json.Decoder(Root).decode


def decode_root(text: bytes | str) -> Root:
    """Decode one ``Root`` from its JSON text: straight into the models when it has
    no unknown field, else through ``parse_root`` (unknown fields kept). Raises
    ``msgspec.DecodeError`` (not JSON) or ``msgspec.ValidationError``."""
    try:
        return _DECODE_Root(text)
    except msgspec.ValidationError:
        return parse_root(msgspec.json.decode(text))


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
    """Merges the chunks of one ``Root`` stream: ``add`` each in order (decoded
    JSON is fastest), then ask for ``snapshot()``. A chunk that strays
    from the schema is merged as far as it can be and reported in ``anomalies``
    (``strict=True``: ``StreamMergeError`` at the first stray instead)."""

    __slots__ = ()
    _model = Root

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_RootMerge(""), strict)

    def snapshot(self) -> Root:
        """The merged stream so far as a ``Root``, validated once. One that does not
        fit (a server omits a required field) is reported as ``schema_drift`` and built
        anyway; ``strict=True`` raises ``msgspec.ValidationError`` instead, as does a value of another
        type than the schema's."""
        built: Root = _built_anyway(Root, self.snapshot_dict(), self)
        return built
