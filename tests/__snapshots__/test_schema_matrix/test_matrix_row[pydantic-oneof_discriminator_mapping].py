def _tag(prop: str, tags: dict[str, str]) -> Callable[[Any], str | None]:
    """The tag function of a discriminated union: the variant named by ``prop``'s value."""

    def tag_of(value: Any) -> str | None:
        found = (
            value.get(prop) if isinstance(value, dict) else getattr(value, prop, None)
        )
        return tags.get(found) if isinstance(found, str) else None

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
        Discriminator(_tag("kind", {"cat": "Cat", "dog": "Dog", "bird": "Bird"})),
    ]


_KEYS_Root = frozenset({"pet"})
