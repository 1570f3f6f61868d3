# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

# fmt: on


class UnknownPart(_Struct, kw_only=True):
    """A ``Part`` of a kind the spec does not list (its ``type``), as sent."""

    type: str


class UnknownRootMapped(_Struct, kw_only=True):
    """A ``RootMapped`` of a kind the spec does not list (its ``type``), as sent."""

    type: str


class TextPart(_Struct, kw_only=True):
    type: Literal["text"]
    text: str


class ImagePart(_Struct, kw_only=True):
    type: Literal["image"]
    url: str


class GroupPart(_Struct, kw_only=True):
    type: Literal["group"]
    if TYPE_CHECKING:
        parts: list[Part]
    else:
        parts: Any
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (("parts", "parts"),)

    def __post_init__(self) -> None:
        self.parts = _checked(_C_GroupPart_parts, self.parts, "parts")


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        part: Part
    else:
        part: Any
    if TYPE_CHECKING:
        parts: list[Part] | None = None
    else:
        parts: Any = None
    if TYPE_CHECKING:
        mapped: TextPart | ImagePart | UnknownRootMapped | None = None
    else:
        mapped: Any = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (
        ("part", "part"),
        ("parts", "parts"),
        ("mapped", "mapped"),
    )

    def __post_init__(self) -> None:
        self.part = _checked(_C_Root_part, self.part, "part")
        self.parts = _checked(_C_Root_parts, self.parts, "parts")
        self.mapped = _checked(_C_Root_mapped, self.mapped, "mapped")


_KEYS_Root = frozenset({"part", "parts", "mapped"})


Part: TypeAlias = "TextPart | ImagePart | GroupPart | UnknownPart"


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Part = _Named()
_C_Part.check = _OneOf(
    (TextPart, ImagePart, GroupPart),
    "type",
    {"text": TextPart, "image": ImagePart, "group": GroupPart},
    UnknownPart,
)
_C_GroupPart_parts = _ListOf(_C_Part)
_C_Root_part = _C_Part
_C_Root_parts = _OrNone(_ListOf(_C_Part))
_C_Root_mapped = _OrNone(
    _OneOf(
        (TextPart, ImagePart),
        "type",
        {"text": TextPart, "image": ImagePart},
        UnknownRootMapped,
    )
)


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
parse_text_part = _parser(TextPart)
parse_image_part = _parser(ImagePart)
parse_group_part = _parser(GroupPart)
parse_part: Callable[[Any], Part] = _parser_of(_C_Part)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("mapped", "part", "parts")
    _known = _KEYS_Root

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
        if (v := model.part) is not None:
            self.part = _as_json(v)
        if (v := model.parts) is not None:
            self.parts = acc.last_list(self, "parts", self.parts, _as_json(v))
        if (v := model.mapped) is not None:
            self.mapped = _as_json(v)
        if extra := model.extra_fields:
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
