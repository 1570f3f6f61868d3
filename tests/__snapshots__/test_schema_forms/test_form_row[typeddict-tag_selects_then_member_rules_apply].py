class TextPart(TypedDict):
    """``TextPart`` (no description in the spec)."""

    type: Literal["text"] | str
    text: str


class ImagePart(TypedDict):
    """``ImagePart`` (no description in the spec)."""

    type: Literal["image"] | str
    url: str


class GroupPart(TypedDict):
    """``GroupPart`` (no description in the spec)."""

    type: Literal["group"] | str
    parts: list[Part]


class Root(TypedDict):
    """``Root`` (no description in the spec)."""

    part: Part
    parts: NotRequired[list[Part] | None]
    mapped: NotRequired[TextPart | ImagePart | None]


_KEYS_Root = frozenset({"part", "parts", "mapped"})


Part = TypeAliasType("Part", "TextPart | ImagePart | GroupPart")
