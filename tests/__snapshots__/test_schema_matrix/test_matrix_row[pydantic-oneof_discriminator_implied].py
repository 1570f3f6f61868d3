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


class Circle(_Model):
    """``Circle`` (no description in the spec)."""

    type: Literal["circle"] | str
    r: float


class Square(_Model):
    """``Square`` (no description in the spec)."""

    type: str
    side: float


class Root(_Model):
    """``Root`` (no description in the spec)."""

    shape: Annotated[
        Annotated[Circle, Tag("Circle")] | Annotated[Square, Tag("Square")],
        Discriminator(_tag("type", "type", {"circle": "Circle", "Square": "Square"})),
    ]


_KEYS_Root = frozenset({"shape"})
