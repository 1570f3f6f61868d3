# case.yaml in the pydantic style: the module's models and glue (tests/goldens.py)

# fmt: on


class UnknownRootPet(_Model):
    """A ``RootPet`` of a kind the spec does not list (its ``petType``), as sent."""

    petType: str


class Dog(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["dog"]
    name: str
    bark: bool


class Cat(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Cat"]
    name: str
    meow: int | None = None


class Husky(_Model):
    """A pet; the discriminator on this allOf parent picks the schema built on it."""

    petType: Literal["Husky"]
    name: str
    bark: bool
    sled: bool


class Root(_Model):
    pet: Annotated[
        Annotated[Dog, Tag("Dog")]
        | Annotated[Cat, Tag("Cat")]
        | Annotated[Husky, Tag("Husky")]
        | Annotated[UnknownRootPet, Tag("UnknownRootPet")],
        Discriminator(
            _tag(
                "petType",
                "petType",
                {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"},
                "UnknownRootPet",
            )
        ),
    ]
    pets: (
        list[
            Annotated[
                Annotated[Dog, Tag("Dog")]
                | Annotated[Cat, Tag("Cat")]
                | Annotated[Husky, Tag("Husky")]
                | Annotated[UnknownRootPet, Tag("UnknownRootPet")],
                Discriminator(
                    _tag(
                        "petType",
                        "petType",
                        {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"},
                        "UnknownRootPet",
                    )
                ),
            ]
        ]
        | None
    ) = None
    maybe: (
        Annotated[
            Annotated[Dog, Tag("Dog")]
            | Annotated[Cat, Tag("Cat")]
            | Annotated[Husky, Tag("Husky")]
            | Annotated[UnknownRootPet, Tag("UnknownRootPet")],
            Discriminator(
                _tag(
                    "petType",
                    "petType",
                    {"dog": "Dog", "Cat": "Cat", "Husky": "Husky"},
                    "UnknownRootPet",
                )
            ),
        ]
        | None
    ) = None


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``pydantic.ValidationError``."""
    return Root.model_validate(data, by_name=False)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises pydantic.ValidationError naming the place that does not fit.
parse_dog = _parser(Dog)
parse_cat = _parser(Cat)
parse_husky = _parser(Husky)


class _RootMerge(_State):
    """Merge state of Root at ``(chunk)`` (root context)."""

    __slots__ = ("maybe", "pet", "pets")
    _known = _wire_names(Root)

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
        get = model.__dict__.get
        if (v := get("pet")) is not None:
            self.pet = _as_json(v)
        if (v := get("pets")) is not None:
            self.pets = acc.last_list(self, "pets", self.pets, _as_json(v))
        if (v := get("maybe")) is not None:
            self.maybe = _as_json(v)
        if extra := model.__pydantic_extra__:
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
        built: Root = _built_anyway(Root.model_validate, self.snapshot_dict(), self)
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
    """Event ``number``'s data, validated from its JSON text (``_json_chunk``)."""
    chunk: Root = _json_chunk(Root, parse_root, text, number)
    return chunk
