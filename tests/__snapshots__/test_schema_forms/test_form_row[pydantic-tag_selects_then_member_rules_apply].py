class TextPart(_Model):
    type: Literal["text"] | str
    text: str


class ImagePart(_Model):
    type: Literal["image"] | str
    url: str


class GroupPart(_Model):
    type: Literal["group"] | str
    parts: list[Part]


class Root(_Model):
    part: Part
    parts: list[Part] | None = None
    mapped: (
        Annotated[
            Annotated[TextPart, Tag("TextPart")]
            | Annotated[ImagePart, Tag("ImagePart")],
            Discriminator(
                _tag("type", "type", {"text": "TextPart", "image": "ImagePart"})
            ),
        ]
        | None
    ) = None


Part = TypeAliasType(
    "Part",
    'Annotated[Annotated[TextPart, Tag("TextPart")] | Annotated[ImagePart, Tag("ImagePart")] | Annotated[GroupPart, Tag("GroupPart")], Discriminator(_tag("type", "type", {"text": "TextPart", "image": "ImagePart", "group": "GroupPart"}))]',
)
