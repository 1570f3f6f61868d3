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


class Leaf(_Model):
    n: int


class Holder(_Model):
    pairs: list[Pair] | None = None


class Root(_Model):
    closed: Annotated[tuple[str, int], Strict(False)] | None = None
    rest: Annotated[tuple[str | bool, ...], _TupleTail(tuple[str, bool], 1)] | None = (
        None
    )
    """Items by position (checked): 0: ``str``; then any number of ``bool``; at least 1
    item."""
    pair: Pair | None = None
    pairs: list[Pair] | None = None
    table: dict[str, Pair] | None = None
    holder: Holder | None = None


Pair: TypeAlias = Annotated[tuple[str, Leaf], Strict(False)]
