# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

# fmt: on


class UnknownRootPet(TypedDict):
    """A ``RootPet`` of a kind the spec does not list (its ``kind``), as sent."""

    kind: str


class Cat(TypedDict):
    kind: Literal["cat"]
    meows: bool


class Dog(TypedDict):
    kind: Literal["dog"]
    barks: bool


class Bird(TypedDict):
    kind: Literal["bird"]
    sings: NotRequired[bool | None]


class Root(TypedDict):
    pet: Cat | Dog | Bird | UnknownRootPet


_KEYS_Root = frozenset({"pet"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_UnknownRootPet = _Checks(UnknownRootPet)
_parse_Cat = _Checks(Cat)
_parse_Dog = _Checks(Dog)
_parse_Bird = _Checks(Bird)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_tagged_kind_cat_Cat_dog_Dog_bird_Bird = _tagged(
    "kind",
    {"cat": _parse_Cat, "dog": _parse_Dog, "bird": _parse_Bird},
    _parse_UnknownRootPet,
)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_UnknownRootPet.keys = (_Key("kind", _str, fast=str),)


_parse_Cat.keys = (
    _Key("kind", _literal_of(("cat",))),
    _Key("meows", _bool, fast=bool),
)


_parse_Dog.keys = (
    _Key("kind", _literal_of(("dog",))),
    _Key("barks", _bool, fast=bool),
)


_parse_Bird.keys = (
    _Key("kind", _literal_of(("bird",))),
    _Key("sings", _bool, fast=bool, optional=True),
)


_parse_Root.keys = (_Key("pet", _P_tagged_kind_cat_Cat_dog_Dog_bird_Bird),)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_cat = _parse_Cat
parse_dog = _parse_Dog
parse_bird = _parse_Bird


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("pet",)
    _known = _KEYS_Root

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.pet: Any = None

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        get = data.get
        if (v := get("pet")) is not None:
            self.pet = v
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.pet is not None:
            out["pet"] = self.pet
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
