@_model
class Root(_Dataclass):
    object: Literal["root.chunk"] | str
    kind: Literal["thing"] | str
    tag: Literal["function"] | str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    # each field as from_dict reads it and to_dict writes it back (made on first use)
    _fields = _Table(
        lambda: _Fields(
            object=_Field("object", _str, fast=str),
            kind=_Field("kind", _str, fast=str),
            tag=_Field("tag", _str, fast=str),
        )
    )


_KEYS_Root: frozenset[str] = frozenset({"object", "kind", "tag"})
