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
    text: str


class Root(_Model):
    pair: Annotated[tuple[str, int], Strict(False)]
    short: (
        Annotated[tuple[()], Strict(False)]
        | Annotated[tuple[str], Strict(False)]
        | Annotated[tuple[str, int], Strict(False)]
        | None
    ) = None
    more: Annotated[tuple[str | bool, ...], _TupleTail(tuple[str, bool], 1)]
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    loose: Annotated[tuple[Any, ...], _TupleTail(tuple[int, None, Any], 0)] | None = (
        None
    )
    """Items by position (checked): 0: ``int``, 1: ``None``; then any number of
    ``Any``."""
    parts: Annotated[tuple[Part, str | None], Strict(False)] | None = None
    at: Point | None = None
    old: (
        Annotated[tuple[str], Strict(False)]
        | Annotated[tuple[str, int], Strict(False)]
        | None
    ) = None


Point: TypeAlias = Annotated[tuple[float, float], Strict(False)] | None
