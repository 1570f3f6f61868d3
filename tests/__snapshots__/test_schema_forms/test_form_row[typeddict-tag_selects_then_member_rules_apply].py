class UnknownPart(TypedDict):
    """A member of ``Part`` that this module's spec does not list (servers add kinds
    before the spec does): its tag ``type`` names no member the spec lists. Every
    other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


class UnknownRootMapped(TypedDict):
    """A member of ``RootMapped`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``type`` names no member the spec lists.
    Every other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


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
