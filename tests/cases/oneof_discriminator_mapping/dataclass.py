# case.yaml in the dataclass style: the module's models and glue (tests/goldens.py)

# fmt: on


@_model
class UnknownRootPet(_Dataclass):
    """A ``RootPet`` of a kind the spec does not list (its ``kind``), as sent."""

    kind: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _str, fast=str),
        )
    )


@_model
class Cat(_Dataclass):
    kind: Literal["cat"]
    meows: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _literal_of(("cat",))),
            meows=_Field("meows", _bool, fast=bool),
        )
    )


@_model
class Dog(_Dataclass):
    kind: Literal["dog"]
    barks: bool
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _literal_of(("dog",))),
            barks=_Field("barks", _bool, fast=bool),
        )
    )


@_model
class Bird(_Dataclass):
    kind: Literal["bird"]
    sings: bool | None = None
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            kind=_Field("kind", _literal_of(("bird",))),
            sings=_Field("sings", _bool, fast=bool, optional=True),
        )
    )


@_model
class Root(_Dataclass):
    pet: Cat | Dog | Bird | UnknownRootPet
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            pet=_Field("pet", _P_tagged_kind_cat_Cat_dog_Dog_bird_Bird, dump=True),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"pet"})


def parse_root(data: Any) -> Root:
    """Parse one decoded ``Root``; raises ``ParseError`` naming the field."""
    return Root.from_dict(data)


# Composite parsers, built once (the classes' tables above name them).
_P_tagged_kind_cat_Cat_dog_Dog_bird_Bird: Callable[[Any], Any] = _tagged(
    "kind",
    {"cat": Cat.from_dict, "dog": Dog.from_dict, "bird": Bird.from_dict},
    UnknownRootPet.from_dict,
)


# Each component's public parse function: parse_<name>(data) reads one decoded <Name>
# (its wire names) and raises ParseError naming the place that does not fit.
parse_cat = Cat.from_dict
parse_dog = Dog.from_dict
parse_bird = Bird.from_dict


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

    def _add_model(self, model: Any, acc: _Merger) -> None:
        """``_add`` for a ``Root`` object, read by attribute, never dumped (values of any type; unknown fields as JSON)."""
        if (v := model.pet) is not None:
            self.pet = _as_json(v)
        if extra := model.extra_fields:
            self._add(extra, acc)

    def _build(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.pet is not None:
            out["pet"] = self.pet
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
