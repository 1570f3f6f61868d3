@dataclass(kw_only=True, slots=True)
class Root:
    """``Root`` (no description in the spec)."""

    object: Literal["root.chunk"] | str
    kind: Literal["thing"] | str
    tag: Literal["function"] | str
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        d = _object(data)
        return cls(
            object=(
                d["object"] if type(d.get("object")) is str else _req(d, "object", _str)
            ),
            kind=d["kind"] if type(d.get("kind")) is str else _req(d, "kind", _str),
            tag=d["tag"] if type(d.get("tag")) is str else _req(d, "tag", _str),
            extra_fields={} if _KEYS_Root.issuperset(d) else _extras(d, _KEYS_Root),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        d: dict[str, Any] = {}
        d["object"] = self.object
        d["kind"] = self.kind
        d["tag"] = self.tag
        d.update(self.extra_fields)
        return d


_KEYS_Root = frozenset({"object", "kind", "tag"})
