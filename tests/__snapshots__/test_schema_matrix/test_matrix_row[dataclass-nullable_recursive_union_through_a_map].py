@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    p: typing.Optional[Uni]  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"p"})


CC: TypeAlias = "typing.Union[Uni, str] | None"  # noqa: UP007
"""From ``#/components/schemas/C.c`` (written as a Python name)."""


Class: TypeAlias = "dict[str, typing.Optional[CC]]"  # noqa: UP045


Uni: TypeAlias = "typing.Optional[Class]"  # noqa: UP045
"""From ``#/components/schemas/Ünï`` (its accents are folded to ASCII letters)."""
