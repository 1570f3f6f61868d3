# case.yaml in the typeddict style: the module's models and glue (tests/goldens.py)

class Dog(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    bark: bool


class Cat(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    meow: NotRequired[int | None]


class Husky(TypedDict):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: str
    name: str
    bark: bool
    sled: bool


class Root(TypedDict):
    pet: Dog | Cat | Husky
    pets: NotRequired[list[Dog | Cat | Husky] | None]
    maybe: NotRequired[Dog | Cat | Husky | None]


_KEYS_Root = frozenset({"pet", "pets", "maybe"})


def parse_root(data: Any) -> Root:
    """Check that decoded JSON is a ``Root`` and return it (the same object).

    Raises ``ParseError`` naming the field that does not fit."""
    return _parse_Root.parse(data)


# Each model's parser: the checks of its keys (below, once every parser exists to be
# named), compiled on first use.
_parse_Dog = _Checks(Dog)
_parse_Cat = _Checks(Cat)
_parse_Husky = _Checks(Husky)
_parse_Root = _Checks(Root)


# Composite parsers, built once.
_P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky = _tagged(
    "petType", {"dog": _parse_Dog, "Cat": _parse_Cat, "Husky": _parse_Husky}
)
_P_list_of_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky = _list_of(
    _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky
)


# Each model's keys, as its parser checks them (a model with none has no line).
_parse_Dog.keys = (
    _Key("petType", _str, fast=str),
    _Key("name", _str, fast=str),
    _Key("bark", _bool, fast=bool),
)


_parse_Cat.keys = (
    _Key("petType", _str, fast=str),
    _Key("name", _str, fast=str),
    _Key("meow", _int, fast=int, optional=True),
)


_parse_Husky.keys = (
    _Key("petType", _str, fast=str),
    _Key("name", _str, fast=str),
    _Key("bark", _bool, fast=bool),
    _Key("sled", _bool, fast=bool),
)


_parse_Root.keys = (
    _Key("pet", _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky),
    _Key("pets", _P_list_of_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky, optional=True),
    _Key("maybe", _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky, optional=True),
)


def _extras(
    data: dict[str, Any], known: frozenset[str], parse: Callable[[Any], Any]
) -> None:
    for key, value in data.items():
        if key not in known:
            try:
                parse(value)
            except (ParseError, RecursionError) as exc:
                _keep(exc, data, key)  # a lenient build keeps it as it came


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
    """Merges the chunks of one ``Root`` stream: ``add`` each in order (decoded
    JSON is fastest), then ask for ``snapshot()``. A chunk that strays
    from the schema is merged as far as it can be and reported in ``anomalies``
    (``strict=True``: ``StreamMergeError`` at the first stray instead)."""

    __slots__ = ()

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(_RootMerge(""), strict)

    def snapshot(self) -> Root:
        """The merged stream so far as a ``Root``, validated once. One that does not
        fit (a server omits a required field) is reported as ``schema_drift`` and built
        anyway; ``strict=True`` raises ``ParseError`` instead, as does a value of another
        type than the schema's."""
        built: Root = _built_anyway(parse_root, self.snapshot_dict(), self)
        return built
