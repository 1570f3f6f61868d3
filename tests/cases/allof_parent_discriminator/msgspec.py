# case.yaml in the msgspec style: the module's models and glue (tests/goldens.py)

# fmt: on


class UnknownRootPet(_Struct, kw_only=True):
    """A ``RootPet`` of a kind the spec does not list (its ``petType``), as sent."""

    petType: str


class Dog(_Struct, kw_only=True):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool


class Cat(_Struct, kw_only=True):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: int | None = None


class Husky(_Struct, kw_only=True):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool


class Root(_Struct, kw_only=True):
    if TYPE_CHECKING:
        pet: Dog | Cat | Husky | UnknownRootPet
    else:
        pet: Any
    if TYPE_CHECKING:
        pets: list[Dog | Cat | Husky | UnknownRootPet] | None = None
    else:
        pets: Any = None
    if TYPE_CHECKING:
        maybe: Dog | Cat | Husky | UnknownRootPet | None = None
    else:
        maybe: Any = None
    _checks_inside: ClassVar[tuple[tuple[str, str], ...]] = (
        ("pet", "pet"),
        ("pets", "pets"),
        ("maybe", "maybe"),
    )

    def __post_init__(self) -> None:
        self.pet = _checked(_C_Root_pet, self.pet, "pet")
        self.pets = _checked(_C_Root_pets, self.pets, "pets")
        self.maybe = _checked(_C_Root_maybe, self.maybe, "maybe")


_KEYS_Root = frozenset({"pet", "pets", "maybe"})


# Checkers of the slots msgspec cannot type itself (unions of several objects, recursive
# aliases): called from __post_init__ and _parse.
_C_Root_pet = _OneOf(
    (Dog, Cat, Husky),
    "petType",
    {"dog": Dog, "Cat": Cat, "Husky": Husky},
    UnknownRootPet,
)
_C_Root_pets = _OrNone(
    _ListOf(
        _OneOf(
            (Dog, Cat, Husky),
            "petType",
            {"dog": Dog, "Cat": Cat, "Husky": Husky},
            UnknownRootPet,
        )
    )
)
_C_Root_maybe = _OrNone(
    _OneOf(
        (Dog, Cat, Husky),
        "petType",
        {"dog": Dog, "Cat": Cat, "Husky": Husky},
        UnknownRootPet,
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
parse_dog = _parser(Dog)
parse_cat = _parser(Cat)
parse_husky = _parser(Husky)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("maybe", "pet", "pets")
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.pet: Any = None
        self.pets: list[Any] | None = None
        self.maybe: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("pet")) is not None:
            self.pet = v
        if (v := get("pets")) is not None:
            self.pets = acc.last_list(self, "pets", self.pets, v)
        if (v := get("maybe")) is not None:
            self.maybe = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.pet) is not None:
            self.pet = _as_json(v)
        if (v := model.pets) is not None:
            self.pets = acc.last_list(self, "pets", self.pets, _as_json(v))
        if (v := model.maybe) is not None:
            self.maybe = _as_json(v)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.pet is not None:
            out["pet"] = self.pet
        if self.pets is not None:
            out["pets"] = self.pets
        if self.maybe is not None:
            out["maybe"] = self.maybe
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
