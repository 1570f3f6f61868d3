# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


class Root(_Model):
    class_: str = Field(alias="class")
    field_2nd: str = Field(alias="2nd")
    a_b_: str = Field(alias="a-b")
    a_b__: str = Field(alias="a.b")
    a_b___: str = Field(alias="a b")
    cafe: str = Field(alias="café")
    a_b: str
    field_id: str = Field(alias="_id")
    from_dict_: str = Field(alias="from_dict")
    str_: str = Field(alias="str")
    model_dump_: str = Field(alias="model_dump")


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = (
        "a_b",
        "a_b_",
        "a_b__",
        "a_b___",
        "cafe",
        "class_",
        "field_2nd",
        "field_id",
        "from_dict_",
        "model_dump_",
        "str_",
    )
    _known = _wire_names(Root)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.class_: str | None = None
        self.field_2nd: str | None = None
        self.a_b_: str | None = None
        self.a_b__: str | None = None
        self.a_b___: str | None = None
        self.cafe: str | None = None
        self.a_b: str | None = None
        self.field_id: str | None = None
        self.from_dict_: str | None = None
        self.str_: str | None = None
        self.model_dump_: str | None = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("class")) is not None and v != self.class_:
            self.class_ = acc.last_text(self, "class", self.class_, v)
        if (v := get("2nd")) is not None and v != self.field_2nd:
            self.field_2nd = acc.last_text(self, "2nd", self.field_2nd, v)
        if (v := get("a-b")) is not None and v != self.a_b_:
            self.a_b_ = acc.last_text(self, "a-b", self.a_b_, v)
        if (v := get("a.b")) is not None and v != self.a_b__:
            self.a_b__ = acc.last_text(self, "a.b", self.a_b__, v)
        if (v := get("a b")) is not None and v != self.a_b___:
            self.a_b___ = acc.last_text(self, "a b", self.a_b___, v)
        if (v := get("café")) is not None and v != self.cafe:
            self.cafe = acc.last_text(self, "café", self.cafe, v)
        if (v := get("a_b")) is not None and v != self.a_b:
            self.a_b = acc.last_text(self, "a_b", self.a_b, v)
        if (v := get("_id")) is not None and v != self.field_id:
            self.field_id = acc.last_text(self, "_id", self.field_id, v)
        if (v := get("from_dict")) is not None and v != self.from_dict_:
            self.from_dict_ = acc.last_text(self, "from_dict", self.from_dict_, v)
        if (v := get("str")) is not None and v != self.str_:
            self.str_ = acc.last_text(self, "str", self.str_, v)
        if (v := get("model_dump")) is not None and v != self.model_dump_:
            self.model_dump_ = acc.last_text(self, "model_dump", self.model_dump_, v)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("class_")) is not None and v != self.class_:
            self.class_ = acc.last_text(self, "class", self.class_, v)
        if (v := get("field_2nd")) is not None and v != self.field_2nd:
            self.field_2nd = acc.last_text(self, "2nd", self.field_2nd, v)
        if (v := get("a_b_")) is not None and v != self.a_b_:
            self.a_b_ = acc.last_text(self, "a-b", self.a_b_, v)
        if (v := get("a_b__")) is not None and v != self.a_b__:
            self.a_b__ = acc.last_text(self, "a.b", self.a_b__, v)
        if (v := get("a_b___")) is not None and v != self.a_b___:
            self.a_b___ = acc.last_text(self, "a b", self.a_b___, v)
        if (v := get("cafe")) is not None and v != self.cafe:
            self.cafe = acc.last_text(self, "café", self.cafe, v)
        if (v := get("a_b")) is not None and v != self.a_b:
            self.a_b = acc.last_text(self, "a_b", self.a_b, v)
        if (v := get("field_id")) is not None and v != self.field_id:
            self.field_id = acc.last_text(self, "_id", self.field_id, v)
        if (v := get("from_dict_")) is not None and v != self.from_dict_:
            self.from_dict_ = acc.last_text(self, "from_dict", self.from_dict_, v)
        if (v := get("str_")) is not None and v != self.str_:
            self.str_ = acc.last_text(self, "str", self.str_, v)
        if (v := get("model_dump_")) is not None and v != self.model_dump_:
            self.model_dump_ = acc.last_text(self, "model_dump", self.model_dump_, v)
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.class_ is not None:
            out["class"] = self.class_
        if self.field_2nd is not None:
            out["2nd"] = self.field_2nd
        if self.a_b_ is not None:
            out["a-b"] = self.a_b_
        if self.a_b__ is not None:
            out["a.b"] = self.a_b__
        if self.a_b___ is not None:
            out["a b"] = self.a_b___
        if self.cafe is not None:
            out["café"] = self.cafe
        if self.a_b is not None:
            out["a_b"] = self.a_b
        if self.field_id is not None:
            out["_id"] = self.field_id
        if self.from_dict_ is not None:
            out["from_dict"] = self.from_dict_
        if self.str_ is not None:
            out["str"] = self.str_
        if self.model_dump_ is not None:
            out["model_dump"] = self.model_dump_
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
