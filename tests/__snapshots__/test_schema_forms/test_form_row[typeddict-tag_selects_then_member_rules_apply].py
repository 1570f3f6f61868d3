class TextPart(TypedDict):
    type: Literal["text"] | str
    text: str


class ImagePart(TypedDict):
    type: Literal["image"] | str
    url: str


class GroupPart(TypedDict):
    type: Literal["group"] | str
    parts: list[Part]


class Root(TypedDict):
    part: Part
    parts: NotRequired[list[Part] | None]
    mapped: NotRequired[TextPart | ImagePart | None]


_KEYS_Root = frozenset({"part", "parts", "mapped"})


Part = TypeAliasType("Part", "TextPart | ImagePart | GroupPart")
