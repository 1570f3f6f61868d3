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


class Root(_Model):
    """``Root`` (no description in the spec)."""

    p: Uni | None


_KEYS_Root = frozenset({"p"})


CC = TypeAliasType("CC", "Annotated[Uni | str, Field(union_mode='left_to_right')]")


Class = TypeAliasType("Class", "dict[str, CC | None]")


Uni = TypeAliasType("Uni", "Class")
