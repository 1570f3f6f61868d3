class UnknownPart(_Struct, kw_only=True):
    """A member of ``Part`` that this module's spec does not list (servers add kinds
    before the spec does): its tag ``type`` names no member the spec lists. Every
    other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


class UnknownRootMapped(_Struct, kw_only=True):
    """A member of ``RootMapped`` that this module's spec does not list (servers add
    kinds before the spec does): its tag ``type`` names no member the spec lists.
    Every other field is kept as it came.
    """

    type: str
    """The tag as it came: a value the spec does not list."""


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
