# ---------------------------------------------------------------------------
# The style's fixed runtime: the models' base and union tags.
class _Model(BaseModel):
    """Base of every model: strict types, unknown fields kept, names in and out as on the
    wire. A model may be made in code by attribute name too (``Delta(from_="me")``), but
    data is read by wire name only (``by_name=False`` wherever this module validates it):
    a key spelled like an attribute (``from_``) is an unknown field there, as in the merge.
    Each model's validator is built the first time it is needed (``defer_build``), not when
    the module is imported: a module of hundreds of models imports in a fraction of the
    time, and the first validation of a model builds it (and the models it holds)."""

    model_config = ConfigDict(
        defer_build=True,
        extra="allow",
        protected_namespaces=(),
        strict=True,
        validate_by_alias=True,
        validate_by_name=True,
        serialize_by_alias=True,
    )


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


#: Per model class: its patterns with their adapters, the adapter of the rest, and whether closed.
_PATTERN_CHECKS: dict[
    type, tuple[tuple[tuple[str, TypeAdapter[Any]], ...], TypeAdapter[Any] | None, bool]
] = {}


def _by_pattern(
    model: BaseModel,
    data: Any,
    rules: Callable[[], tuple[tuple[tuple[str, Any], ...], Any, bool]],
) -> None:
    """Validate each extra field of ``model`` (validated from ``data``) again from its value
    in ``data``, in place: by the type of every pattern its key matches (``re.search``, as JSON
    Schema matches; the first one's value is kept), a key matching none by the rest's type
    (``None``: any value), or refused when closed (``additionalProperties: false``).
    ``rules()`` gives ``(patterns, rest, closed)``, the types as annotations (called once per
    model class, when the module's names are all defined). Raises ``ValueError`` naming the key.
    """
    extra = model.__pydantic_extra__
    if not extra or not isinstance(data, dict):
        return
    checks = _PATTERN_CHECKS.get(type(model))
    if checks is None:
        patterns, rest, closed = rules()
        adapted = tuple((pattern, TypeAdapter(t)) for pattern, t in patterns)
        checks = _PATTERN_CHECKS[type(model)] = (
            adapted,
            None if rest is None else TypeAdapter(rest),
            closed,
        )
    patterns_, rest_, closed_ = checks
    for key in extra:
        adapters = [
            adapter for pattern, adapter in patterns_ if re.search(pattern, key)
        ]
        if not adapters and closed_:
            raise ValueError(
                f"{key}: not allowed: the key matches no pattern and additionalProperties is false"
            )
        if not adapters:
            if rest_ is None:
                continue
            adapters = [rest_]
        try:
            built = [
                adapter.validate_python(data.get(key), strict=True)
                for adapter in adapters
            ]
        except ValueError as exc:
            raise ValueError(f"{key}: {exc}") from None
        extra[key] = built[0]
