@_model
class RootValue(_Dataclass):
    """The object at ``Root.value (oneOf 0)`` (the spec describes it no further)."""

    text: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class RootValueModel(_Dataclass):
    """The object at ``Root.value (oneOf 1)`` (the spec describes it no further)."""

    url: str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


@_model
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    value: RootValue | RootValueModel | str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""


_KEYS_Root = frozenset({"value"})
