@_model
class Node(_Dataclass):
    """``Node`` (no description in the spec)."""

    value: int | None = None
    next: typing.Optional[Link] = None  # noqa: UP045
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    p: Link
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"p"})


Link: TypeAlias = "Node"
"""A node"""
