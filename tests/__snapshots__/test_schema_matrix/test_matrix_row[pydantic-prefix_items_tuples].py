# ---------------------------------------------------------------------------
# The style's fixed runtime: the models' base, union tags, lenient results.
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


def _built_anyway(
    validate: Callable[[Any], Any], data: dict[str, Any], acc: Any
) -> Any:
    """``validate(data)`` (a model's ``model_validate``), for an accumulator's result. With
    ``acc.strict``, its ``ValidationError``; otherwise a result that does not fit its schema
    (a server that omits a field the spec requires) is reported once as a ``schema_drift``
    anomaly and built anyway (``_construct``): a missing required field stays unset.
    ``acc``: the accumulator's state (its ``strict`` flag and ``drift``)."""
    try:
        return validate(data)
    except ValidationError as exc:
        if acc.strict:
            raise
        first = exc.errors()[0]
        where = "".join(
            f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"]
        ).lstrip(".")
        acc.drift(
            where,
            f"does not fit its schema ({exc.error_count()} problem(s), first: {first['msg']}); built anyway",
        )
    model = validate.__self__  # type: ignore[attr-defined]  # the model whose model_validate it is
    return _construct(model, data)


_ADAPTERS: dict[int, tuple[Any, TypeAdapter[Any]]] = {}


def _construct(model: type[BaseModel], data: Any) -> Any:
    """``model`` built from ``data`` without failing (see the module docstring); data that
    is not an object is returned as it is."""
    if type(data) is not dict:
        return data
    names = {(info.alias or name): name for name, info in model.model_fields.items()}
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = names.get(key)
        if name is None:
            extra[key] = value
        else:
            values[name] = _value(model.model_fields[name].annotation, value)
    return model.model_construct(_fields_set=set(values), **values, **extra)


def _value(annotation: Any, value: Any) -> Any:
    """``value`` validated as ``annotation``, else built leniently, else as it came."""
    try:
        return _adapter(annotation).validate_python(value)
    except (ValidationError, TypeError):
        pass
    if type(value) is dict:
        models = [
            c
            for c in _members(annotation)
            if isinstance(c, type) and issubclass(c, BaseModel)
        ]
        if models:
            return _construct(max(models, key=lambda m: _fit(m, value)), value)
    if type(value) is list:
        items = [
            typing.get_args(m)[0]
            for m in _members(annotation)
            if typing.get_origin(m) is list and typing.get_args(m)
        ]
        if items:
            return [_value(items[0], item) for item in value]
    return value


def _fit(model: type[BaseModel], value: dict[str, Any]) -> int:
    """How well an object fits a model: the keys it shares with the model's wire names,
    and a tag (a ``Literal`` field) that matches counts more than any number of keys."""
    score = 0
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key in value:
            score += 1
            if typing.get_origin(info.annotation) is typing.Literal and value[
                key
            ] in typing.get_args(info.annotation):
                score += 1000
    return score


def _members(annotation: Any) -> list[Any]:
    """The alternatives an annotation admits, through unions, ``Annotated`` and type aliases."""
    value = getattr(annotation, "__value__", None)  # a TypeAliasType
    if value is not None:
        return _members(value)
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _members(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        return [m for arg in typing.get_args(annotation) for m in _members(arg)]
    return [annotation]


def _adapter(annotation: Any) -> TypeAdapter[Any]:
    found = _ADAPTERS.get(id(annotation))
    if found is None or found[0] is not annotation:
        found = _ADAPTERS[id(annotation)] = (annotation, TypeAdapter(annotation))
    return found[1]


class _TupleTail:
    """``Annotated`` metadata of a tuple open at the end (``prefixItems`` and ``items``):
    pydantic cannot validate ``tuple[A, B, *tuple[C, ...]]``, so the annotation is the
    widest ``tuple[A | B | C, ...]`` and this checks each item by its position.
    ``positions``: ``tuple[A, B, C]``, whose last type repeats; ``least``: how many items
    must be present (fewer than the prefix: the shorter tuples are allowed)."""

    def __init__(self, positions: Any, least: int) -> None:
        self.positions = positions
        self.least = least

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        positions: Any = handler.generate_schema(self.positions)
        items = positions["items_schema"]
        last = len(items) - 1
        shapes: list[CoreSchema] = [
            core_schema.tuple_schema(items[:k], strict=False)
            for k in range(self.least, last)
        ]
        shapes.append(
            core_schema.tuple_schema(items, variadic_item_index=last, strict=False)
        )
        return shapes[0] if len(shapes) == 1 else core_schema.union_schema([*shapes])


class Part(_Model):
    """``Part`` (no description in the spec)."""

    text: str


class Root(_Model):
    """``Root`` (no description in the spec)."""

    pair: Annotated[tuple[str, int], Strict(False)]
    short: (
        Annotated[tuple[()], Strict(False)]
        | Annotated[tuple[str], Strict(False)]
        | Annotated[tuple[str, int], Strict(False)]
        | None
    ) = None
    more: Annotated[tuple[str | bool, ...], _TupleTail(tuple[str, bool], 1)]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1 item."""
    loose: Annotated[tuple[Any, ...], _TupleTail(tuple[int, None, Any], 0)] | None = (
        None
    )
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of ``Any``."""
    parts: Annotated[tuple[Part, str | None], Strict(False)] | None = None
    at: Point | None = None
    old: (
        Annotated[tuple[str], Strict(False)]
        | Annotated[tuple[str, int], Strict(False)]
        | None
    ) = None


_KEYS_Root = frozenset({"pair", "short", "more", "loose", "parts", "at", "old"})


Point: TypeAlias = Annotated[tuple[float, float], Strict(False)] | None
