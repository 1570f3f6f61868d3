# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class UnknownPart(TypedDict):
    """A ``Part`` of a kind the spec does not list (its ``type``), as sent."""

    type: str


class UnknownRootMapped(TypedDict):
    """A ``RootMapped`` of a kind the spec does not list (its ``type``), as sent."""

    type: str


class TextPart(TypedDict):
    type: Literal["text"]
    text: str


class ImagePart(TypedDict):
    type: Literal["image"]
    url: str


class GroupPart(TypedDict):
    type: Literal["group"]
    parts: list[Part]


class Root(TypedDict):
    part: Part
    parts: NotRequired[list[Part] | None]
    mapped: NotRequired[TextPart | ImagePart | UnknownRootMapped | None]


_KEYS_Root = frozenset({"part", "parts", "mapped"})


Part = TypeAliasType("Part", "TextPart | ImagePart | GroupPart | UnknownPart")


def _parse_Part(value: Any) -> Part:
    parsed: Part = _P_tagged_type_text_TextPart_image_ImagePart_group_GroupPart(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_UnknownPart = _Checks(UnknownPart)
_parse_UnknownRootMapped = _Checks(UnknownRootMapped)
_parse_TextPart = _Checks(TextPart)
_parse_ImagePart = _Checks(ImagePart)
_parse_GroupPart = _Checks(GroupPart)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_list_of_Part = _list_of(_parse_Part)
_P_tagged_type_text_TextPart_image_ImagePart = _tagged(
    "type",
    {"text": _parse_TextPart, "image": _parse_ImagePart},
    _parse_UnknownRootMapped,
)
_P_tagged_type_text_TextPart_image_ImagePart_group_GroupPart = _tagged(
    "type",
    {"text": _parse_TextPart, "image": _parse_ImagePart, "group": _parse_GroupPart},
    _parse_UnknownPart,
)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_UnknownPart.keys = (_Key("type", _str, fast=str),)


_parse_UnknownRootMapped.keys = (_Key("type", _str, fast=str),)


_parse_TextPart.keys = (
    _Key("type", _literal_of(("text",))),
    _Key("text", _str, fast=str),
)


_parse_ImagePart.keys = (
    _Key("type", _literal_of(("image",))),
    _Key("url", _str, fast=str),
)


_parse_GroupPart.keys = (
    _Key("type", _literal_of(("group",))),
    _Key("parts", _P_list_of_Part),
)


_parse_Root.keys = (
    _Key("part", _parse_Part),
    _Key("parts", _P_list_of_Part, optional=True),
    _Key("mapped", _P_tagged_type_text_TextPart_image_ImagePart, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_text_part = _parse_TextPart
parse_image_part = _parse_ImagePart
parse_group_part = _parse_GroupPart
parse_part = _parse_Part


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
