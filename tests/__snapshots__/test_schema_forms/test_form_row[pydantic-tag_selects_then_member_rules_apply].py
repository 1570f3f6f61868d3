class UnknownPart(_Model):
    """A member of ``Part`` that this module's spec does not list (servers add kinds
    before the spec does): its tag ``type`` names no member the spec lists. Every
    other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


class UnknownRootMapped(_Model):
    """A member of ``RootMapped`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``type`` names no member the spec lists.
    Every other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


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
