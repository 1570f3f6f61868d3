# ---------------------------------------------------------------------------
# Parsing: decoded JSON in, checked values out; ParseError says where a payload
# does not fit. Optional fields read null as absent; unknown fields are kept.
_T = TypeVar("_T")


class ParseError(ValueError):
    """A payload that does not fit its model.

    Attributes:
        message: what is wrong (``expected a string, got null``).
        path: where, as keys and list positions from the top (``("choices", 0, "index")``).
    """

    def __init__(self, message: str, path: tuple[str | int, ...] = ()) -> None:
        self.message = message
        self.path = path
        super().__init__(f"{self.where}: {message}" if path else message)

    @property
    def where(self) -> str:
        """The path as text: ``choices[0].index``."""
        return "".join(
            f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path
        ).lstrip(".")

    def within(self, step: str | int) -> ParseError:
        """The same error, one level further out."""
        return ParseError(self.message, (step, *self.path))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def _str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise ParseError(f"expected a string, got {_kind(value)}")


def _int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ParseError(f"expected an integer, got {_kind(value)}")


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise ParseError(f"expected a boolean, got {_kind(value)}")


def _null(value: Any) -> Any:
    if value is not None:
        raise ParseError(f"expected null, got {_kind(value)}")
    return None


#: Item parsers a list can check with one ``type() is`` test per item (not floats: an int
#: is a valid number, and the dataclass style turns it into a float).
_ONLY_str = frozenset({str})
_ONLY_int = frozenset({int})
_ONLY_bool = frozenset({bool})
_SCALARS: dict[Callable[[Any], Any], frozenset[type]] = {
    _str: _ONLY_str,
    _int: _ONLY_int,
    _bool: _ONLY_bool,
}
_MISSING: Any = object()  # what a check reads for an absent key, where None fits


def _object(value: Any) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    raise ParseError(f"expected an object, got {_kind(value)}")


def _nullable(parse: Callable[[Any], _T]) -> Callable[[Any], _T | None]:
    def parse_nullable(value: Any) -> _T | None:
        return None if value is None else parse(value)

    return parse_nullable


def _map_of(parse: Callable[[Any], _T]) -> Callable[[Any], dict[str, _T]]:
    def parse_map(value: Any) -> dict[str, _T]:
        entries = {}
        for key, item in _object(value).items():
            try:
                entries[key] = parse(item)
            except ParseError as exc:
                if type(item) is not _Kept:
                    raise exc.within(key) from None
                entries[key] = item.value
        return entries

    return parse_map


def _first_of(parsers: tuple[Callable[[Any], Any], ...]) -> Callable[[Any], Any]:
    """A union: the first alternative that fits, left to right."""

    def parse_union(value: Any) -> Any:
        problems = []
        for parse in parsers:
            try:
                return parse(value)
            except ParseError as exc:
                problems.append(str(exc))
        raise ParseError("fits none of the alternatives (" + "; ".join(problems) + ")")

    return parse_union


def _tagged(
    prop: str, parsers: dict[Any, Callable[[Any], Any]]
) -> Callable[[Any], Any]:
    """A discriminated union: the alternative named by the value of ``prop`` (a string, or
    an integer: ``1`` finds the tag ``1`` or ``"1"``)."""

    def parse_tagged(value: Any) -> Any:
        tag = _object(value).get(prop)
        parse = parsers.get(tag) if type(tag) in (str, int) else None
        if parse is None and type(tag) is int:
            parse = parsers.get(str(tag))
        if parse is None:
            known = ", ".join(map(repr, parsers))
            raise ParseError(f"{prop} is {tag!r}; expected one of {known}")
        return parse(value)

    return parse_tagged


class _Kept:
    """A value a lenient build keeps as it came (``_built_anyway`` puts it where the parse
    failed): no parser takes it, so the one that reads the place (``_req``, ``_opt``, a list
    or map item) catches that and returns ``value``, the JSON as it came (``None`` for a
    required field that is missing). Only the failing path pays for it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _any(value: Any) -> Any:
    return value.value if type(value) is _Kept else value


def _req(data: dict[str, Any], key: str, parse: Callable[[Any], _T]) -> _T:
    try:
        value = data[key]
    except KeyError:
        raise ParseError("required field is missing", (key,)) from None
    try:
        return parse(value)
    except ParseError as exc:
        if type(value) is _Kept:
            return cast(_T, value.value)
        raise exc.within(key) from None


def _opt(data: dict[str, Any], key: str, parse: Callable[[Any], _T]) -> _T | None:
    value = data.get(key)
    if value is None:
        return None
    try:
        return parse(value)
    except ParseError as exc:
        if type(value) is _Kept:
            return cast(_T, value.value)
        raise exc.within(key) from None


def _float(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    raise ParseError(f"expected a number, got {_kind(value)}")


def _list_of(parse: Callable[[Any], _T]) -> Callable[[Any], list[_T]]:
    scalar = _SCALARS.get(parse)

    def parse_list(value: Any) -> list[_T]:
        if not isinstance(value, list):
            raise ParseError(f"expected a list, got {_kind(value)}")
        if scalar is not None and scalar.issuperset(map(type, value)):
            return list(value)  # the common case, checked in one pass
        items = []
        for i, item in enumerate(value):
            try:
                items.append(parse(item))
            except ParseError as exc:
                if type(item) is not _Kept:
                    raise exc.within(i) from None
                items.append(item.value)
        return items

    return parse_list


class _Field:
    """How a dataclass's ``from_dict`` reads one field and ``to_dict`` writes it back (one
    entry of its ``_Fields`` table, by attribute name).

    Attributes:
        wire: the field's JSON key.
        parse: the parser of its value (the message of a value that does not fit names the key).
        fast: the one type a value of this field is taken as it is without calling ``parse``
            (``str`` for a string: the common case tested first), or None.
        optional: absent or ``null`` reads as None; ``to_dict`` leaves None out.
        nullable: (a required field) ``null`` reads as None without calling ``parse``.
        dump: ``to_dict`` writes the value through ``_dump`` (it holds models, tuples, or
            JSON kept as it came in a result built anyway); otherwise it is JSON already.
        null_only: an optional field whose only value is ``null``: the instance keeps in
            ``null_fields`` whether the payload sent it, and ``to_dict`` writes it back.
    """

    __slots__ = ("dump", "fast", "null_only", "nullable", "optional", "parse", "wire")

    def __init__(
        self,
        wire: str,
        parse: Callable[[Any], Any],
        *,
        fast: type | None = None,
        optional: bool = False,
        nullable: bool = False,
        dump: bool = False,
        null_only: bool = False,
    ) -> None:
        self.wire = wire
        self.parse = parse
        self.fast = fast
        self.optional = optional
        self.nullable = nullable
        self.dump = dump
        self.null_only = null_only


class _Fields:
    """A dataclass's fields (``_Field`` by attribute name, in declaration order) and how its
    unknown fields are read: what ``_from_dict`` and ``_Dataclass.to_dict`` work from.

    ``known`` is the set of the fields' wire names; ``_extra_fields`` reads the unknown
    fields of a payload when they are typed (``additionalProperties`` or
    ``patternProperties``), and ``to_dict`` then writes them through ``_dump``; without it
    they are kept as they came. (Attribute names never start with ``_``: the option cannot
    meet a field's name.)"""

    __slots__ = ("extra_fields", "known", "null_keys", "reads", "values_of", "writes")

    def __init__(
        self,
        *,
        _extra_fields: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
        **attributes: _Field,
    ) -> None:
        self.known = frozenset(f.wire for f in attributes.values())
        self.extra_fields = _extra_fields
        # plain tuples, unpacked in the loops of _from_dict and to_dict (the fast path)
        self.reads = tuple(
            (name, f.wire, f.parse, f.fast, f.optional or f.nullable, f.optional)
            for name, f in attributes.items()
        )
        self.writes = tuple(
            (f.wire, f.optional, f.dump, f.null_only) for f in attributes.values()
        )
        # every attribute's value at once (one call in C), in the order of ``writes``
        self.values_of: Callable[[Any], tuple[Any, ...]] = _getter(tuple(attributes))
        self.null_keys = frozenset(f.wire for f in attributes.values() if f.null_only)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the values of the attributes ``names`` of an object, as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _from_dict(build: Callable[..., _T], table: _Fields, data: Any) -> _T:
    """A dataclass built from decoded JSON by its ``_Fields`` table: each field read as its
    entry says (a value of its ``fast`` type as it is, ``null`` as None where it may be, else
    ``_req``/``_opt`` with its parser, which raise ``ParseError`` naming the field), the
    unknown fields kept in ``extra_fields`` (parsed when typed), the ``null``-only fields the
    payload sent in ``null_fields``."""
    d = _object(data)
    get = d.get
    values: dict[str, Any] = {}
    for name, wire, parse, fast, none_fits, optional in table.reads:
        value = get(wire, _MISSING)
        if type(value) is fast or (value is None and none_fits):
            values[name] = value
        elif value is _MISSING and optional:
            values[name] = None
        else:
            values[name] = _opt(d, wire, parse) if optional else _req(d, wire, parse)
    known = table.known
    if table.extra_fields is not None:
        values["extra_fields"] = table.extra_fields(d)
    else:
        values["extra_fields"] = {} if known.issuperset(d) else _extras(d, known)
    if table.null_keys:
        values["null_fields"] = table.null_keys.intersection(d)
    return build(**values)


class _Dataclass:
    """The base of the module's dataclasses: ``to_dict`` by the class's ``_Fields`` table
    (``_fields``, set once the parsers it names exist; ``from_dict`` reads it too)."""

    __slots__ = ()
    _fields: ClassVar[_Fields]
    extra_fields: dict[str, Any]  # every dataclass of the module declares these two
    null_fields: frozenset[str]  # (this one, those with a null-only field)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        table = self._fields
        d: dict[str, Any] = {}
        # a null-only field is written back when the payload sent it, models and tuples
        # through _dump, the unknown fields after the others
        for (wire, optional, dump, null_only), value in zip(
            table.writes, table.values_of(self)
        ):
            if null_only:
                if wire in self.null_fields:
                    d[wire] = None
            elif value is not None or not optional:
                d[wire] = _dump(value) if dump else value
        d.update(
            _dump(self.extra_fields)
            if table.extra_fields is not None
            else self.extra_fields
        )
        return d


def _extras(
    data: dict[str, Any],
    known: frozenset[str],
    parse: Callable[[Any], Any] | None = None,
) -> dict[str, Any]:
    """The fields of ``data`` not in ``known``, each parsed by ``parse`` when given (its
    ``ParseError`` names the key; a lenient build's ``_Kept`` is kept as it came)."""
    if known.issuperset(data):
        return {}
    if parse is None:
        return {k: v for k, v in data.items() if k not in known}
    extras = {}
    for key, value in data.items():
        if key not in known:
            try:
                extras[key] = parse(value)
            except ParseError as exc:
                if type(value) is not _Kept:  # a lenient build keeps it as it came
                    raise exc.within(key) from None
                extras[key] = value.value
    return extras


def _dump(value: Any) -> Any:
    """A dataclass value as JSON data again: a model by its ``to_dict``, a tuple
    (``prefixItems``) as a list, lists and maps item by item, anything else as it is."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, (list, tuple)):  # a tuple (``prefixItems``) is a JSON list
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


#: The two messages of a result built anyway (``schema_drift``), the same in every style:
#: a required field the server did not send, and a value the types cannot hold.
_DRIFT_MISSING = "a required field is missing: built without it"
_DRIFT_KEPT = "does not fit its schema: kept as it came (JSON)"


def _built_anyway(parse: Callable[[Any], _T], data: dict[str, Any], acc: Any) -> _T:
    """``parse(data)``, for an accumulator's result. With ``acc.strict``, its ``ParseError``;
    otherwise whatever the server sent is built: each place that does not fit (a required
    field missing, a value of another type, an unknown tag in a closed union, at any depth)
    is reported as a ``schema_drift`` anomaly with its path, and kept as its JSON where it
    was (a missing required field reads as ``None`` in a dataclass, and is left out of a
    TypedDict). Every other place is typed as usual: a tagged union's member is the one its
    tag names, also when that member is incomplete.

    How: the parse is repeated with a ``_Kept`` marker at each failing place (in a copy of
    the data along that path only) until it goes through; the parser that reads a marked
    place returns its value as it came. A TypedDict's parsers return their input, so its
    result is ``data`` itself. ``acc``: the accumulator's state (``strict`` and ``drift``).
    """
    try:
        return parse(data)
    except ParseError as exc:
        if acc.strict:
            raise
        error = exc
    marked: dict[tuple[str | int, ...], bool] = (
        {}
    )  # path -> a required field was missing
    patched: Any = data
    built: Any = data
    for _ in range(_MOST_PLACES):
        path = error.path
        while path and (
            path in marked
            or any(path[: len(p)] == p for p in marked if len(p) < len(path))
        ):
            path = path[
                :-1
            ]  # a place no parser can keep (inside a tuple): keep its container
        if not path:
            break
        patched = _marked(patched, path)
        for inner in [p for p in marked if p[: len(path)] == path]:
            del marked[inner]
        marked[path] = (
            error.message == "required field is missing" and path == error.path
        )
        try:
            built = parse(patched)
        except ParseError as exc:
            error = exc
            continue
        break
    else:
        built = patched = data  # not reached with real data: kept whole
    for where, missing in sorted(marked.items(), key=lambda item: _path_order(item[0])):
        acc.drift(_where(where), _DRIFT_MISSING if missing else _DRIFT_KEPT)
    if built is patched:  # a TypedDict: the data as it came, a missing field left out
        return cast(_T, data)
    return cast(_T, built)


#: How many places one lenient build marks at most (then the data is given back unchecked).
_MOST_PLACES = 100_000


def _marked(data: Any, path: tuple[str | int, ...]) -> Any:
    """A copy of ``data`` with ``_Kept`` (of the value there, or ``None``) at ``path``: the
    containers along the path are new, everything else is shared."""
    top = _shallow(data)
    here = top
    for step in path[:-1]:
        inner = _shallow(here[step])
        here[step] = inner
        here = inner
    last = path[-1]
    here[last] = _Kept(here.get(last) if type(here) is dict else here[last])
    return top


def _shallow(value: Any) -> Any:
    if type(value) is dict:
        return dict(value)
    if type(value) is list:
        return list(value)
    raise ParseError(
        "not a container"
    )  # not reached: a parse error's path leads through containers


def _where(path: tuple[str | int, ...]) -> str:
    """A path as text: ``output[0].content``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(
        "."
    )


def _path_order(path: tuple[str | int, ...]) -> tuple[tuple[int, Any], ...]:
    """Sort key of a path: list positions in number order, keys in text order."""
    return tuple((0, p) if isinstance(p, int) else (1, p) for p in path)


@dataclass(kw_only=True, slots=True)
class Circle(_Dataclass):
    """``Circle`` (no description in the spec)."""

    kind: str
    label: str | None = None
    r: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Circle:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


@dataclass(kw_only=True, slots=True)
class Square(_Dataclass):
    """``Square`` (no description in the spec)."""

    kind: Literal["square", "box"] | str
    label: str | None = None
    side: float
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Square:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


@dataclass(kw_only=True, slots=True)
class Root(_Dataclass):
    """``Root`` (no description in the spec)."""

    shape: Circle | Square
    extra_fields: dict[str, Any] = field(default_factory=dict)
    """Fields the payload carried that the schema does not define, by wire name."""

    @classmethod
    def from_dict(cls, data: Any) -> Root:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)


_KEYS_Root = frozenset({"shape"})
