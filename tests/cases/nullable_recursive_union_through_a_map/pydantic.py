# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(_Model):
    p: Uni | None


CC = TypeAliasType(
    "CC", 'Annotated[Uni | str, Field(union_mode="left_to_right")] | None'
)
"""From ``#/components/schemas/C.c`` (written as a Python name)."""


Class = TypeAliasType("Class", "dict[str, CC | None]")


Uni = TypeAliasType("Uni", "Class | None")
"""From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."""


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_cc: Callable[[Any], CC] = _parser_of(CC)
parse_class: Callable[[Any], Class] = _parser_of(Class)
parse_uni: Callable[[Any], Uni] = _parser_of(Uni)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("p",)
    _known = _wire_names(Root)

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
        get = model.__dict__.get
        if (v := get("p")) is not None:
            self.p = acc.last_object(self, "p", self.p, _as_json(v), whole=True)
        if extra := model.__pydantic_extra__:
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
        built: Root = _built_anyway(Root.model_validate, self.snapshot_dict(), self)
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
    """Event ``number``'s data, validated from its JSON text (``_json_chunk``)."""
    chunk: Root = _json_chunk(Root, parse_root, text, number)
    return chunk
