# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class UnknownRootPet(TypedDict):
    """A ``RootPet`` of a kind the spec does not list (its ``petType``), as sent."""

    petType: str


class Dog(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool


class Cat(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: NotRequired[int | None]


class Husky(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool


class Root(TypedDict):
    pet: Dog | Cat | Husky | UnknownRootPet
    pets: NotRequired[list[Dog | Cat | Husky | UnknownRootPet] | None]
    maybe: NotRequired[Dog | Cat | Husky | UnknownRootPet | None]


_KEYS_Root = frozenset({"pet", "pets", "maybe"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_UnknownRootPet = _Checks(UnknownRootPet)
_parse_Dog = _Checks(Dog)
_parse_Cat = _Checks(Cat)
_parse_Husky = _Checks(Husky)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky = _tagged(
    "petType",
    {"dog": _parse_Dog, "Cat": _parse_Cat, "Husky": _parse_Husky},
    _parse_UnknownRootPet,
)
_P_list_of_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky = _list_of(
    _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky
)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_UnknownRootPet.keys = (_Key("petType", _str, fast=str),)


_parse_Dog.keys = (
    _Key("petType", _literal_of(("dog",))),
    _Key("name", _str, fast=str),
    _Key("bark", _bool, fast=bool),
)


_parse_Cat.keys = (
    _Key("petType", _literal_of(("Cat",))),
    _Key("name", _str, fast=str),
    _Key("meow", _int, fast=int, optional=True),
)


_parse_Husky.keys = (
    _Key("petType", _literal_of(("Husky",))),
    _Key("name", _str, fast=str),
    _Key("bark", _bool, fast=bool),
    _Key("sled", _bool, fast=bool),
)


_parse_Root.keys = (
    _Key("pet", _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky),
    _Key("pets", _P_list_of_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky, optional=True),
    _Key("maybe", _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky, optional=True),
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_dog = _parse_Dog
parse_cat = _parse_Cat
parse_husky = _parse_Husky


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
