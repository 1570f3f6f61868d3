# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class UnknownRootPet(_Dataclass):
    """A ``RootPet`` of a kind the spec does not list (its ``petType``), as sent."""

    petType: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            petType=_Field("petType", _str, fast=str),
        )
    )


@_model
class Dog(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            petType=_Field("petType", _literal_of(("dog",))),
            name=_Field("name", _str, fast=str),
            bark=_Field("bark", _bool, fast=bool),
        )
    )


@_model
class Cat(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: int | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            petType=_Field("petType", _literal_of(("Cat",))),
            name=_Field("name", _str, fast=str),
            meow=_Field("meow", _int, fast=int, optional=True),
        )
    )


@_model
class Husky(_Dataclass):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            petType=_Field("petType", _literal_of(("Husky",))),
            name=_Field("name", _str, fast=str),
            bark=_Field("bark", _bool, fast=bool),
            sled=_Field("sled", _bool, fast=bool),
        )
    )


@_model
class Root(_Dataclass):
    pet: Dog | Cat | Husky | UnknownRootPet
    pets: list[Dog | Cat | Husky | UnknownRootPet] | None = None
    maybe: Dog | Cat | Husky | UnknownRootPet | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pet=_Field("pet", _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky, dump=True),
            pets=_Field(
                "pets",
                _P_list_of_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky,
                optional=True,
                dump=True,
            ),
            maybe=_Field(
                "maybe",
                _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky,
                optional=True,
                dump=True,
            ),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"pet", "pets", "maybe"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky: Callable[[Any], Any] = _tagged(
    "petType",
    {"dog": Dog.from_dict, "Cat": Cat.from_dict, "Husky": Husky.from_dict},
    UnknownRootPet.from_dict,
)
_P_list_of_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky: Callable[[Any], Any] = _list_of(
    _P_tagged_petType_dog_Dog_Cat_Cat_Husky_Husky
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_dog = Dog.from_dict
parse_cat = Cat.from_dict
parse_husky = Husky.from_dict


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
