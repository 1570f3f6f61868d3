class TextPart(_Struct, kw_only=True):
    type: Literal["text"] | str
    text: str


class ImagePart(_Struct, kw_only=True):
    type: Literal["image"] | str
    url: str


class GroupPart(_Struct, kw_only=True):
    type: Literal["group"] | str
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
        mapped: TextPart | ImagePart | None = None
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


Part: TypeAlias = "TextPart | ImagePart | GroupPart"


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Part = _Named()
_C_Part.check = _OneOf(
    (TextPart, ImagePart, GroupPart),
    "type",
    {"text": TextPart, "image": ImagePart, "group": GroupPart},
)
_C_GroupPart_parts = _ListOf(_C_Part)
_C_Root_part = _C_Part
_C_Root_parts = _OrNone(_ListOf(_C_Part))
_C_Root_mapped = _OrNone(
    _OneOf((TextPart, ImagePart), "type", {"text": TextPart, "image": ImagePart})
)
