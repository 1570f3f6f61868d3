# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


class Closed(_Model):
    name: str | None = None
    __pydantic_extra__: dict[str, str | int] = Field(init=False)

    @model_validator(mode="wrap")
    @classmethod
    def _extra_keys_checked(
        cls, data: Any, handler: ModelWrapValidatorHandler[Closed]
    ) -> Closed:
        """Each extra field by the ``patternProperties`` its key matches."""
        model = handler(data)
        _by_pattern(
            model,
            data,
            lambda: (
                (
                    ("^x-", str),
                    ("count$", int),
                    ("^n_", int),
                ),
                None,
                True,
            ),
        )
        return model


class Open(_Model):
    __pydantic_extra__: dict[str, Any] = Field(init=False)

    @model_validator(mode="wrap")
    @classmethod
    def _extra_keys_checked(
        cls, data: Any, handler: ModelWrapValidatorHandler[Open]
    ) -> Open:
        """Each extra field by the ``patternProperties`` its key matches."""
        model = handler(data)
        _by_pattern(model, data, lambda: ((("^x-", str),), None, False))
        return model


class Typed(_Model):
    __pydantic_extra__: dict[
        str, Annotated[str | Open | bool, Field(union_mode="left_to_right")]
    ] = Field(init=False)

    @model_validator(mode="wrap")
    @classmethod
    def _extra_keys_checked(
        cls, data: Any, handler: ModelWrapValidatorHandler[Typed]
    ) -> Typed:
        """Each extra field by the ``patternProperties`` its key matches."""
        model = handler(data)
        _by_pattern(
            model,
            data,
            lambda: (
                (
                    ("^x-", str),
                    ("^o_", Open),
                ),
                bool,
                False,
            ),
        )
        return model


class Root(_Model):
    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_closed = _parser(Closed)
parse_open = _parser(Open)
parse_typed = _parser(Typed)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("closed", "open", "typed")
    _known = _wire_names(Root)

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
        get = model.__dict__.get
        if (v := get("closed")) is not None:
            self.closed = acc.last_object(self, "closed", self.closed, _as_json(v))
        if (v := get("open")) is not None:
            self.open = acc.last_object(self, "open", self.open, _as_json(v))
        if (v := get("typed")) is not None:
            self.typed = acc.last_object(self, "typed", self.typed, _as_json(v))
        if extra := model.__pydantic_extra__:
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
