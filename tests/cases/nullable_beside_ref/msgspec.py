# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

class Part(_Struct, kw_only=True):
    text: str


class Root(_Struct, kw_only=True):
    part: Part | None


_KEYS_Root = frozenset({"part"})


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

    __slots__ = ("part",)
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.part: dict[str, Any] | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("part")) is not None:
            self.part = acc.last_object(self, "part", self.part, v, pieces=True)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.part) is not None:
            self.part = acc.last_object(
                self, "part", self.part, _as_json(v), pieces=True
            )
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["part"] = self.part
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
