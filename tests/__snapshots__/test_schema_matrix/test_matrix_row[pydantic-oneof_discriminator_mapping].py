def _tag(prop: str, attr: str, tags: dict[Any, str]) -> Callable[[Any], str | None]:
    """The tag function of a discriminated union: the variant named by the value of
    ``prop`` (the wire name in data; ``attr``, the attribute, on a model)."""

    def tag_of(value: Any) -> str | None:
        found = (
            value.get(prop) if isinstance(value, dict) else getattr(value, attr, None)
        )
        name = tags.get(found) if type(found) in (str, int) else None
        if name is None and type(found) is int:
            name = tags.get(str(found))
        return name

    return tag_of


class _Model(BaseModel):
    """Base of every model: strict types, unknown fields kept, names in and out as on the wire."""

    model_config = ConfigDict(
        extra="allow",
        protected_namespaces=(),
        strict=True,
        validate_by_alias=True,
        validate_by_name=True,
        serialize_by_alias=True,
    )


class Cat(_Model):
    """``Cat`` (no description in the spec)."""

    kind: str
    meows: bool


class Dog(_Model):
    """``Dog`` (no description in the spec)."""

    kind: str
    barks: bool


class Bird(_Model):
    """``Bird`` (no description in the spec)."""

    kind: str
    sings: bool | None = None


class Root(_Model):
    """``Root`` (no description in the spec)."""

    pet: Annotated[
        Annotated[Cat, Tag("Cat")]
        | Annotated[Dog, Tag("Dog")]
        | Annotated[Bird, Tag("Bird")],
        Discriminator(
            _tag("kind", "kind", {"cat": "Cat", "dog": "Dog", "bird": "Bird"})
        ),
    ]


_KEYS_Root = frozenset({"pet"})
