# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


class UnknownPart(_Model):
    """A ``Part`` of a kind the spec does not list (its ``type``), as sent."""

    type: str


class UnknownRootMapped(_Model):
    """A ``RootMapped`` of a kind the spec does not list (its ``type``), as sent."""

    type: str


class TextPart(_Model):
    type: Literal["text"]
    text: str


class ImagePart(_Model):
    type: Literal["image"]
    url: str


class GroupPart(_Model):
    type: Literal["group"]
    parts: list[Part]


class Root(_Model):
    part: Part
    parts: list[Part] | None = None
    mapped: (
        Annotated[
            Annotated[TextPart, Tag("TextPart")]
            | Annotated[ImagePart, Tag("ImagePart")]
            | Annotated[UnknownRootMapped, Tag("UnknownRootMapped")],
            Discriminator(
                _tag(
                    "type",
                    "type",
                    {"text": "TextPart", "image": "ImagePart"},
                    "UnknownRootMapped",
                )
            ),
        ]
        | None
    ) = None


Part = TypeAliasType(
    "Part",
    'Annotated[Annotated[TextPart, Tag("TextPart")] | Annotated[ImagePart, Tag("ImagePart")] | Annotated[GroupPart, Tag("GroupPart")] | Annotated[UnknownPart, Tag("UnknownPart")], Discriminator(_tag("type", "type", {"text": "TextPart", "image": "ImagePart", "group": "GroupPart"}, "UnknownPart"))]',
)


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_text_part = _parser(TextPart)
parse_image_part = _parser(ImagePart)
parse_group_part = _parser(GroupPart)
parse_part: Callable[[Any], Part] = _parser_of(Part)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("mapped", "part", "parts")
    _known = _wire_names(Root)

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.part: Any = None
        self.parts: list[Any] | None = None
        self.mapped: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("part")) is not None:
            self.part = v
        if (v := get("parts")) is not None:
            self.parts = acc.last_list(self, "parts", self.parts, v)
        if (v := get("mapped")) is not None:
            self.mapped = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        get = model.__dict__.get
        if (v := get("part")) is not None:
            self.part = _as_json(v)
        if (v := get("parts")) is not None:
            self.parts = acc.last_list(self, "parts", self.parts, _as_json(v))
        if (v := get("mapped")) is not None:
            self.mapped = _as_json(v)
        if extra := model.__pydantic_extra__:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.part is not None:
            out["part"] = self.part
        if self.parts is not None:
            out["parts"] = self.parts
        if self.mapped is not None:
            out["mapped"] = self.mapped
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
