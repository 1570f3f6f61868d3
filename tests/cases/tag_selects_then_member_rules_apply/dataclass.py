# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class UnknownPart(_Dataclass):
    """A ``Part`` of a kind the spec does not list (its ``type``), as sent."""

    type: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
        )
    )


@_model
class UnknownRootMapped(_Dataclass):
    """A ``RootMapped`` of a kind the spec does not list (its ``type``), as sent."""

    type: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _str, fast=str),
        )
    )


@_model
class TextPart(_Dataclass):
    type: Literal["text"]
    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _literal_of(("text",))),
            text=_Field("text", _str, fast=str),
        )
    )


@_model
class ImagePart(_Dataclass):
    type: Literal["image"]
    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _literal_of(("image",))),
            url=_Field("url", _str, fast=str),
        )
    )


@_model
class GroupPart(_Dataclass):
    type: Literal["group"]
    parts: list[Part]
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            type=_Field("type", _literal_of(("group",))),
            parts=_Field("parts", _P_list_of_Part, dump=True),
        )
    )


@_model
class Root(_Dataclass):
    part: Part
    parts: list[Part] | None = None
    mapped: TextPart | ImagePart | UnknownRootMapped | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            part=_Field("part", _parse_Part, dump=True),
            parts=_Field("parts", _P_list_of_Part, optional=True, dump=True),
            mapped=_Field(
                "mapped",
                _P_tagged_type_text_TextPart_image_ImagePart,
                optional=True,
                dump=True,
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"part", "parts", "mapped"})


Part: TypeAlias = "TextPart | ImagePart | GroupPart | UnknownPart"


def _parse_Part(value: Any) -> Part:
    parsed: Part = _P_tagged_type_text_TextPart_image_ImagePart_group_GroupPart(value)
    return parsed


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_list_of_Part: Callable[[Any], Any] = _list_of(_parse_Part)
_P_tagged_type_text_TextPart_image_ImagePart: Callable[[Any], Any] = _tagged(
    "type",
    {"text": TextPart.from_dict, "image": ImagePart.from_dict},
    UnknownRootMapped.from_dict,
)
_P_tagged_type_text_TextPart_image_ImagePart_group_GroupPart: Callable[[Any], Any] = (
    _tagged(
        "type",
        {
            "text": TextPart.from_dict,
            "image": ImagePart.from_dict,
            "group": GroupPart.from_dict,
        },
        UnknownPart.from_dict,
    )
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_text_part = TextPart.from_dict
parse_image_part = ImagePart.from_dict
parse_group_part = GroupPart.from_dict
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
