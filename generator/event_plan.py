"""Event plans: how each member of an event union (``ResponseStreamEvent``) changes the response
it builds (``Response``), from a declarative merge map checked against the spec.

A map is YAML (shipped ones live in ``generator/maps/``, e.g. ``openai-responses.yaml``)::

    family: openai-responses          # a name for messages
    root: ResponseStreamEvent         # the union schema
    target: Response                  # the schema the events build
    tag: type                         # the field that names an event's type
    order: sequence_number            # repeats dropped, gaps reported (optional)
    unknown: keep                     # unknown event types: kept and reported (the only choice)
    events:
      response.output_text.delta:     # one entry (a mapping) or several (a list) per event type
        {op: append, at: "output[{output_index}].content[{content_index}].text", value: delta, id: item_id}

Entry keys: ``op`` (an ``Op``), ``at`` (a keyed path: ``name[{event_field}]`` is a keyed slot,
``.name`` a field), ``value`` (an event field, ``=constant``, or ``*``: the whole event, for
lifecycle and side ops), ``id`` (an event field checked
against the first slot's ``id``), ``check: fold`` (compare a final value with the fold), ``new`` (what
a slot this event must create starts as), ``channel``/``key``/``keep`` (side channels).

What the spec says is derived, not declared: the union's members and their tag values; a
lifecycle event's value (its field whose schema is the target); a ``create``/``replace`` without
``at`` goes to the top-level keyed list whose items' schema is one of the event's fields
(``item: OutputItem`` → ``output[{output_index}]``). The rest is declared, and checked: every
member mapped or ignored, every path resolves in the target, every placeholder names an integer or
string field of the event (errors are ``SpecError`` naming the place and what to do).

User overrides: ``x-merge`` on the union schema in the spec, and a dict (configuration / CLI),
each of the map's shape (family keys and/or ``events``); an override entry replaces the shipped
entry of that event type whole.
"""

from __future__ import annotations

import enum
import functools
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SpecError, did_you_mean, join_pointer
from .load import load_document
from .map_files import MapLayer
from .runtime.events import _EventFold, _Handler

MAPS_DIR = Path(__file__).resolve().parent / "maps"
_SCHEMAS = "/components/schemas"


class Op(enum.Enum):
    """What one event does to the snapshot (the runtime method each calls is in brackets)."""

    INIT = "init"  #: the snapshot starts from the value (``response.created``) [init]
    REFRESH = "refresh"  #: top-level fields from the value, folded lists kept; may come first [refresh]
    FINALIZE = "finalize"  #: terminal; the value wins, a null/absent/empty list is filled from the fold [finalize]
    CREATE = "create"  #: create the slot from the value (reported if it exists) [create]
    REPLACE = "replace"  #: set the slot to the server's value; ``check: fold`` compares [replace]
    APPEND = "append"  #: append text (an object appends field by field) [append]
    EXTEND = "extend"  #: extend a list [extend]
    SET = "set"  #: set a constant only the event's name carries (a status) [set]
    SIDE = "side"  #: no snapshot change: collect into a named side channel [side]
    ERROR = "error"  #: the stream's error event: kept, no snapshot change [fail]
    IGNORE = "ignore"  #: nothing


_LIFECYCLE = {Op.INIT, Op.REFRESH, Op.FINALIZE}
#: ``value: "*"``: the whole event is the value (small families whose last event is the result)
WHOLE_EVENT = "*"
_SLOT_OPS = {Op.CREATE, Op.REPLACE, Op.APPEND, Op.EXTEND, Op.SET}
_ENTRY_KEYS = {"op", "at", "value", "id", "check", "new", "channel", "key", "keep"}
_FAMILY_KEYS = {"family", "root", "target", "tag", "order", "unknown", "events"}


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a path: ``name`` a field; with ``key`` (an event field) a keyed slot ``name[{key}]``."""

    name: str
    key: str | None = None

    def __str__(self) -> str:
        return f"{self.name}[{{{self.key}}}]" if self.key else self.name


@dataclass(frozen=True, slots=True)
class Action:
    """One operation of an event.

    Attributes:
        op: what it does.
        at: where, as steps from the target's root (``()`` for lifecycle, side, error, ignore).
        value: the event field the value comes from (``None``: none, or a constant; ``"*"``: the
            whole event).
        constant: the value for ``value: =constant`` (JSON text, else ``None``).
        ident: the event field checked against the first slot's ``id`` (``item_id``).
        check: a final value is compared with the fold (``check: fold``).
        new: JSON text of what a slot created by this event starts as, or ``None``.
        channel, key, keep_all: side channels: name, the event field keying the latest value
            (``keep: last``), or every value gathered (``keep: all``).
        derived: ``at``/``value`` came from the spec, not the map.
    """

    op: Op
    at: tuple[Step, ...] = ()
    value: str | None = None
    constant: str | None = None
    ident: str | None = None
    check: bool = False
    new: str | None = None
    channel: str | None = None
    key: str | None = None
    keep_all: bool = True
    derived: bool = False

    @property
    def path(self) -> str:
        """``output[{output_index}].content[{content_index}].text``."""
        return ".".join(str(s) for s in self.at)


@dataclass(frozen=True, slots=True)
class EventRule:
    """What an event type does: ``tag`` (the value of the tag field), ``member`` (its schema;
    ``""`` for a type the spec does not list), its actions, and where the entry came from
    (``map:<file>``, ``x-merge``, ``override``)."""

    tag: str
    member: str
    actions: tuple[Action, ...]
    source: str


@dataclass(frozen=True, slots=True)
class EventPlan:
    """The checked plan of one event union.

    Attributes:
        family, root, target, tag, order: from the map (see the module docstring).
        collections: the target's top-level keyed lists (``("output",)``): refresh and finalize
            keep a non-empty fold of them.
        rules: one per event type, in the union's member order (then extra declared types).
    """

    family: str
    root: str
    target: str
    tag: str
    order: str | None
    collections: tuple[str, ...]
    rules: tuple[EventRule, ...]

    def rule(self, tag: str) -> EventRule | None:
        """The rule of an event type, or None."""
        return next((r for r in self.rules if r.tag == tag), None)


# -- maps ------------------------------------------------------------------------------------------


def shipped_maps() -> dict[str, tuple[Path, dict[str, Any]]]:
    """The maps shipped with gen-models: ``{root schema: (file, map)}``.

    Raises:
        SpecError: a shipped map that is not a mapping with ``root`` (a packaging bug).
    """
    found: dict[str, tuple[Path, dict[str, Any]]] = {}
    for path in sorted(MAPS_DIR.glob("*.yaml")):
        data = load_document(path).data  # the loader every map and spec goes through
        if not isinstance(data, dict) or not isinstance(data.get("root"), str):
            raise SpecError("a merge map must be a mapping with 'root: <union schema>'", path, "")
        found[data["root"]] = (path, data)
    return found


def has_map(spec: Mapping[str, Any], root: str) -> bool:
    """True when union ``root`` has a merge map: one shipped with gen-models, or a mapping
    ``x-merge`` on the union schema."""
    schema = _components(spec).get(root)
    return root in shipped_maps() or (isinstance(schema, dict) and isinstance(schema.get("x-merge"), dict))


def event_unions(spec: Mapping[str, Any]) -> list[str]:
    """Schemas that operations answer as ``text/event-stream`` and that are unions (in path order)."""
    found: list[str] = []
    for ops in (spec.get("paths") or {}).values():
        for op in (ops or {}).values() if isinstance(ops, dict) else ():
            for response in ((op or {}).get("responses") or {}).values() if isinstance(op, dict) else ():
                media = (
                    ((response or {}).get("content") or {}).get("text/event-stream")
                    if isinstance(response, dict)
                    else None
                )
                ref = ((media or {}).get("schema") or {}).get("$ref") if isinstance(media, dict) else None
                name = (
                    ref.rsplit("/", 1)[-1] if isinstance(ref, str) and ref.startswith("#/components/schemas/") else None
                )
                schema = _components(spec).get(name) if name else None
                if name and isinstance(schema, dict) and ("anyOf" in schema or "oneOf" in schema) and name not in found:
                    found.append(name)
    return found


def plan_events(
    spec: Mapping[str, Any],
    root: str,
    overrides: Mapping[str, Any] | None = None,
    *,
    spec_file: Path | None = None,
    base: Mapping[str, Any] | None = None,
    allow_unmapped: bool = False,
) -> EventPlan:
    """The checked plan for union ``root``: ``base`` (default: the shipped map for ``root``, if
    any), then the union's ``x-merge``, then ``overrides``.

    Args:
        allow_unmapped: plan what is mapped and leave other members out (their events fold
            as unknown events: kept and reported); ``unmapped_events`` names them.
    Raises:
        SpecError: no map for ``root``; a member not mapped (naming its tag: add an entry, or
            ``{op: ignore}``) unless ``allow_unmapped``; a path, field or op that the spec or
            vocabulary does not have.
    """
    data, sources = _merged_map(spec, root, overrides, spec_file, base)
    plan, missing = _build(spec, root, data, sources, spec_file)
    if missing and not allow_unmapped:
        where, pointer = sources.get("events", (spec_file, ""))
        names = ", ".join(f"{tag!r} ({member})" for tag, member in missing)
        raise SpecError(
            f"{root}: event type(s) {names} not in the merge map; map each "
            f"(x-merge: {{events: {{<type>: {{op: ...}}}}}}) or ignore it ({{op: ignore}})",
            where,
            pointer,
        )
    return plan


def unmapped_events(
    spec: Mapping[str, Any],
    root: str,
    overrides: Mapping[str, Any] | None = None,
    *,
    base: Mapping[str, Any] | None = None,
) -> list[str]:
    """Tag values of ``root``'s members that the (merged) map neither maps nor ignores: what
    ``gen-models --check`` names when a spec bump adds an event type.

    Raises:
        SpecError: as ``plan_events``, except for unmapped members.
    """
    data, sources = _merged_map(spec, root, overrides, None, base)
    _, missing = _build(spec, root, data, sources, None)
    return [tag for tag, _ in missing]


def _merged_map(
    spec: Mapping[str, Any],
    root: str,
    overrides: Mapping[str, Any] | None,
    spec_file: Path | None,
    base: Mapping[str, Any] | None = None,
) -> tuple[dict[str, Any], dict[str, tuple[Path | None, str]]]:
    """The map after x-merge and overrides; ``sources``: ``{"events"|tag: (file, pointer)}``."""
    shipped = (Path("<base map>"), dict(base)) if base is not None else shipped_maps().get(root)
    data: dict[str, Any] = {}
    sources: dict[str, tuple[Path | None, str]] = {}
    layers: list[tuple[Any, Path | None, str, str]] = []
    if shipped is not None:
        layers.append((shipped[1], shipped[0], "", f"map:{shipped[0].name}"))
    union = _components(spec).get(root)
    if isinstance(union, dict) and "x-merge" in union:
        layers.append((union["x-merge"], spec_file, join_pointer(_SCHEMAS, root, "x-merge"), "x-merge"))
    if overrides:
        layers.append((overrides, None, "", "override"))
    if not layers:
        raise SpecError(
            f"no merge map for event union {root!r}: declare one with 'x-merge' on the schema "
            "(family keys and events: {<type>: {op: ...}})",
            spec_file,
            join_pointer(_SCHEMAS, root),
        )
    events: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for layer, file, pointer, source in layers:
        if not isinstance(layer, dict):
            raise SpecError("a merge map must be a mapping (family keys and 'events')", file, pointer)
        place = functools.partial(_place, layer, file, pointer)
        for key, value in layer.items():
            if key not in _FAMILY_KEYS:
                raise SpecError(f"unknown merge-map key {key!r}{did_you_mean(key, _FAMILY_KEYS)}", *place(key))
            if key != "events":
                data[key] = value
                continue
            if not isinstance(value, dict):
                raise SpecError("'events' must map event types to entries", *place("events"))
            sources["events"] = place("events")
            for tag, entry in value.items():
                events[str(tag)] = entry
                origin[str(tag)] = source
                sources[str(tag)] = place("events", str(tag))
    data["events"] = events
    data["_origin"] = origin
    data.setdefault("root", root)
    return data, sources


def _place(layer: Mapping[str, Any], file: Path | None, pointer: str, *key: str) -> tuple[Path | None, str]:
    """Where ``key`` of a map layer is: a map file's entries know their file (``MapLayer``)."""
    known = layer.place(*key) if isinstance(layer, MapLayer) else None
    return known if known is not None else (file, join_pointer(pointer, *key))


# -- building and checking --------------------------------------------------------------------------


def _build(
    spec: Mapping[str, Any],
    root: str,
    data: dict[str, Any],
    sources: dict[str, tuple[Path | None, str]],
    spec_file: Path | None,
) -> tuple[EventPlan, list[tuple[str, str]]]:
    """The plan, and the (tag, member) pairs of members the map lacks."""
    schemas = _Spec(spec)
    where = sources.get("events", (spec_file, ""))
    for key in ("target", "tag"):
        if not isinstance(data.get(key), str):
            raise SpecError(f"{root}: the merge map needs '{key}: <name>'", *where)
    target, tag = str(data["target"]), str(data["tag"])
    if target not in _components(spec):
        raise SpecError(
            f"{root}: target {target!r} is not a schema of the spec{did_you_mean(target, _components(spec))}", *where
        )
    if data.get("unknown", "keep") != "keep":
        raise SpecError(f"{root}: 'unknown: {data.get('unknown')}' is not supported (only 'keep')", *where)
    order = data.get("order")
    if order is not None and not isinstance(order, str):
        raise SpecError(f"{root}: 'order' must be an event field name", *where)
    members = schemas.members(root, tag)
    if order is not None:  # members not mapped yet are reported as such, not here
        for member in dict.fromkeys(m for t, m in members.items() if t in data["events"]):
            if member and not schemas.has_kind(schemas.properties(member).get(order), ("integer",)):
                raise SpecError(
                    f"{root}: order {order!r} is not an integer field of {member}; remove 'order' or fix it", *where
                )
    origin: dict[str, str] = data.get("_origin", {})
    rules: list[EventRule] = []
    missing: list[tuple[str, str]] = []
    declared: dict[str, Any] = data["events"]
    for value, member in members.items():
        if value not in declared:
            missing.append((value, member))
            continue
        place = sources.get(value, where)
        actions = _actions(schemas, declared[value], member, target, place)
        rules.append(EventRule(value, member, actions, origin.get(value, "map")))
    for value, entry in declared.items():
        if value not in members:
            # a type the spec does not list yet (servers send them: apply_patch_call_operation_diff):
            # allowed, checked for shape only
            place = sources.get(value, where)
            rules.append(EventRule(value, "", _actions(schemas, entry, "", target, place), origin.get(value, "map")))
    collections = tuple(dict.fromkeys(a.at[0].name for r in rules for a in r.actions if a.at and a.at[0].key))
    plan = EventPlan(
        family=str(data.get("family", root)),
        root=root,
        target=target,
        tag=tag,
        order=order,
        collections=collections,
        rules=tuple(rules),
    )
    return plan, missing


def _actions(
    schemas: _Spec, entry: Any, member: str, target: str, place: tuple[Path | None, str]
) -> tuple[Action, ...]:
    entries = entry if isinstance(entry, list) else [entry]
    if not entries:
        raise SpecError("an empty entry: give an op ({op: ignore} to skip the event)", *place)
    return tuple(
        _action(
            schemas, e, member, target, (place[0], join_pointer(place[1], i) if isinstance(entry, list) else place[1])
        )
        for i, e in enumerate(entries)
    )


def _action(schemas: _Spec, entry: Any, member: str, target: str, place: tuple[Path | None, str]) -> Action:
    if not isinstance(entry, dict):
        raise SpecError("a merge-map entry must be a mapping such as {op: append, at: ..., value: ...}", *place)
    unknown = set(entry) - _ENTRY_KEYS
    if unknown:
        key = min(unknown)
        raise SpecError(f"unknown entry key {key!r}{did_you_mean(key, _ENTRY_KEYS)}", *place)
    try:
        op = Op(entry.get("op"))
    except ValueError:
        ops = [o.value for o in Op]
        raise SpecError(
            f"op {entry.get('op')!r} is not one of {', '.join(ops)}{did_you_mean(str(entry.get('op')), ops)}", *place
        ) from None
    props = schemas.properties(member) if member else {}

    def event_field(name: Any, what: str, kinds: tuple[str, ...] | None = None) -> str:
        if not isinstance(name, str) or not name:
            raise SpecError(f"{what} must name a field of the event", *place)
        if member:
            if name not in props:
                raise SpecError(f"{what} {name!r}: {member} has no such field{did_you_mean(name, props)}", *place)
            if kinds is not None and not schemas.has_kind(props[name], kinds):
                wanted = " or ".join(kinds)
                raise SpecError(
                    f"{what} {name!r}: {member}.{name} must be {'an' if wanted[0] in 'aeiou' else 'a'} {wanted} field",
                    *place,
                )
        return name

    raw_value = entry.get("value")
    value: str | None = None
    constant: str | None = None
    derived = False
    if isinstance(raw_value, str) and raw_value.startswith("="):
        constant = json.dumps(raw_value[1:])
    elif raw_value == WHOLE_EVENT:
        if op not in _LIFECYCLE and op is not Op.SIDE:
            raise SpecError(
                f"value '*' (the whole event) is for init, refresh, finalize and side, not {op.value!r}", *place
            )
        value = WHOLE_EVENT
    elif raw_value is not None:
        value = event_field(raw_value, "value")
    at: tuple[Step, ...] = ()
    if "at" in entry:
        at = _parse_path(entry["at"], place)
        if op not in _SLOT_OPS:
            raise SpecError(f"op {op.value!r} takes no 'at'", *place)
    if op in _LIFECYCLE and value is None and member:
        value = next((n for n, s in props.items() if schemas.ref_name(s) == target), None)
        if value is None:
            raise SpecError(f"{member} has no field whose schema is {target}: declare 'value'", *place)
        derived = True
    if op in (Op.CREATE, Op.REPLACE) and not at and member:
        at, value = _derive_slot(schemas, props, target, place)
        derived = True
    if op in _SLOT_OPS:
        if not at:
            raise SpecError(f"op {op.value!r} needs 'at' (a path such as output[{{output_index}}].text)", *place)
        if value is None and constant is None:
            raise SpecError(f"op {op.value!r} needs 'value' (an event field, or =constant)", *place)
        for step in at:
            if step.key:
                event_field(step.key, f"placeholder {{{step.key}}}", ("integer", "string"))
        leaves = schemas.resolve(target, at)
        if not leaves:
            raise SpecError(f"path {'.'.join(map(str, at))!r} does not resolve in {target}", *place)
        if constant is not None and not schemas.allows(leaves, json.loads(constant)):
            raise SpecError(f"{raw_value!r}: no schema that {'.'.join(map(str, at))} reaches allows it", *place)
    if op is Op.SIDE and (value is None or not isinstance(entry.get("channel"), str)):
        raise SpecError("op 'side' needs 'channel' (a name) and 'value' (an event field)", *place)
    ident = event_field(entry["id"], "id", ("string",)) if "id" in entry else None
    key = event_field(entry["key"], "key", ("integer", "string")) if "key" in entry else None
    keep = entry.get("keep", "all")
    if keep not in ("all", "last"):
        raise SpecError(f"keep {keep!r}: 'all' or 'last'", *place)
    check = entry.get("check")
    if check not in (None, "fold"):
        raise SpecError(f"check {check!r}: only 'fold'", *place)
    new = entry.get("new")
    if new is not None and not isinstance(new, dict):
        raise SpecError("'new' must be an object (what a slot created by this event starts as)", *place)
    try:  # the generated module holds it as JSON: no inf or nan (they would not import)
        new_json = json.dumps(new, sort_keys=True, allow_nan=False) if new is not None else None
    except ValueError:
        raise SpecError(
            "'new' holds inf or nan, which JSON has not; write a finite number or a string", *place
        ) from None
    except RecursionError:
        raise SpecError("'new' nests too deeply (over several hundred levels)", *place) from None
    return Action(
        op=op,
        at=at,
        value=value,
        constant=constant,
        ident=ident,
        check=check == "fold",
        new=new_json,
        channel=entry.get("channel"),
        key=key,
        keep_all=keep == "all",
        derived=derived,
    )


_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[\{([A-Za-z_][A-Za-z0-9_]*)\}\])?")


def _parse_path(text: Any, place: tuple[Path | None, str]) -> tuple[Step, ...]:
    """``output[{output_index}].content[{content_index}].text`` → steps.

    Raises:
        SpecError: not of that grammar.
    """
    if not isinstance(text, str) or not text:
        raise SpecError("'at' must be a path such as output[{output_index}].text", *place)
    steps = []
    for part in text.split("."):
        m = _STEP.fullmatch(part)
        if m is None:
            raise SpecError(f"path {text!r}: {part!r} is not 'name' or 'name[{{event_field}}]'", *place)
        steps.append(Step(m.group(1), m.group(2)))
    return tuple(steps)


def _derive_slot(
    schemas: _Spec, props: dict[str, Any], target: str, place: tuple[Path | None, str]
) -> tuple[tuple[Step, ...], str]:
    """For ``create``/``replace`` without ``at``: the event field whose schema is the items of a
    top-level list of the target, and the integer ``<list>_index`` field addressing it."""
    for name, items in schemas.top_lists(target).items():
        for field_name, schema in props.items():
            if items is not None and schemas.ref_name(schema) == items:
                index = f"{name}_index" if f"{name}_index" in props else f"{name.rstrip('s')}_index"
                if index in props:
                    return (Step(name, index),), field_name
    raise SpecError(f"no field of the event is an item of a list of {target}: declare 'at' and 'value'", *place)


def _components(spec: Mapping[str, Any]) -> dict[str, Any]:
    comps = spec.get("components")
    schemas = comps.get("schemas") if isinstance(comps, dict) else None
    return schemas if isinstance(schemas, dict) else {}


class _Spec:
    """Read-only walks over a spec's component schemas (local ``$ref`` only)."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.components = _components(spec)

    def ref_name(self, schema: Any) -> str | None:
        """The component a schema is a ``$ref`` to (directly or as ``anyOf [ref, null]``)."""
        if not isinstance(schema, dict):
            return None
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            return ref.rsplit("/", 1)[-1]
        options = schema.get("anyOf") or schema.get("oneOf") or []
        alternatives = [s for s in options if isinstance(s, dict) and s.get("type") != "null"]
        return self.ref_name(alternatives[0]) if len(alternatives) == 1 else None

    def deref(self, schema: Any) -> Any:
        for _ in range(16):
            name = self.ref_name(schema) if isinstance(schema, dict) and "$ref" in schema else None
            if name is None:
                return schema
            schema = self.components.get(name)
        return schema

    def alternatives(self, schema: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
        """The object shapes a schema can take: unions and ``allOf`` flattened, ``$ref`` followed."""
        schema = self.deref(schema)
        if not isinstance(schema, dict) or depth > 12:
            return
        union = schema.get("anyOf") or schema.get("oneOf")
        if isinstance(union, list):
            for option in union:
                yield from self.alternatives(option, depth + 1)
            return
        if isinstance(schema.get("allOf"), list):
            merged: dict[str, Any] = {"properties": {}}
            for part in schema["allOf"]:
                for shape in self.alternatives(part, depth + 1):
                    merged["properties"].update(shape.get("properties") or {})
                    merged.setdefault("type", shape.get("type"))
            merged["properties"].update(schema.get("properties") or {})
            yield merged
            return
        yield schema

    def properties(self, name: str) -> dict[str, Any]:
        props: dict[str, Any] = {}
        for shape in self.alternatives({"$ref": f"#/components/schemas/{name}"}):
            props.update(shape.get("properties") or {})
        return props

    def members(self, root: str, tag: str) -> dict[str, str]:
        """``{tag value: member schema}`` of a union (nested unions flattened).

        Raises:
            SpecError: ``root`` missing or not a union, or a member without a one-value tag.
        """
        schema = self.components.get(root)
        if not isinstance(schema, dict) or not isinstance(schema.get("anyOf") or schema.get("oneOf"), list):
            raise SpecError(
                f"{root!r} is not a union schema (anyOf/oneOf) of the spec", None, join_pointer(_SCHEMAS, root)
            )
        found: dict[str, str] = {}
        stack = list(schema.get("anyOf") or schema.get("oneOf") or [])
        while stack:
            option = stack.pop(0)
            name = self.ref_name(option)
            resolved = self.components.get(name) if name else option
            if (
                isinstance(resolved, dict)
                and isinstance(resolved.get("anyOf") or resolved.get("oneOf"), list)
                and "properties" not in resolved
            ):
                stack[:0] = list(resolved.get("anyOf") or resolved.get("oneOf") or [])
                continue
            values = self._tag_values(self.properties(name) if name else (resolved or {}).get("properties", {}), tag)
            if not values:
                raise SpecError(
                    f"member {name or option!r} of {root} has no one-value {tag!r}", None, join_pointer(_SCHEMAS, root)
                )
            for value in values:
                if found.get(value, name or "") != (name or ""):
                    raise SpecError(
                        f"members {found[value] or 'inline'!r} and {name or 'inline'!r} of {root} share the tag "
                        f"{tag} = {value!r}: an event type must name one member",
                        None,
                        join_pointer(_SCHEMAS, root),
                    )
                found[value] = name or ""
        return found

    def _tag_values(self, props: dict[str, Any], tag: str) -> list[str]:
        prop = self.deref(props.get(tag))
        if not isinstance(prop, dict):
            return []
        if isinstance(prop.get("const"), str):
            return [prop["const"]]
        values = prop.get("enum")
        return [v for v in values if isinstance(v, str)] if isinstance(values, list) and len(values) == 1 else []

    def has_kind(self, schema: Any, kinds: tuple[str, ...]) -> bool:
        """Whether a schema is one of the JSON ``kinds`` (``integer``, ``string``), null aside."""
        for shape in self.alternatives(schema):
            t = shape.get("type")
            types = t if isinstance(t, list) else [t]
            if any(k in types for k in kinds) or (
                shape.get("enum") and all(isinstance(v, str) for v in shape["enum"]) and "string" in kinds
            ):
                return True
        return False

    def top_lists(self, target: str) -> dict[str, str | None]:
        """The target's list fields: ``{name: the items' component name or None}``."""
        found: dict[str, str | None] = {}
        for name, prop in self.properties(target).items():
            for shape in self.alternatives(prop):
                if shape.get("type") == "array":
                    found[name] = self.ref_name(shape.get("items"))
        return found

    def resolve(self, target: str, steps: tuple[Step, ...]) -> list[Any]:
        """The schemas a path can reach in ``target`` (any union member may hold a step);
        empty when it resolves nowhere."""
        current: list[Any] = [{"$ref": f"#/components/schemas/{target}"}]
        for step in steps:
            following: list[Any] = []
            for schema in current:
                for shape in self.alternatives(schema):
                    prop = (shape.get("properties") or {}).get(step.name)
                    if prop is None:
                        continue
                    if step.key is None:
                        following.append(prop)
                        continue
                    for inner in self.alternatives(prop):
                        if inner.get("type") == "array" and inner.get("items") is not None:
                            following.append(inner["items"])
            current = following
            if not current:
                return []
        return current

    def allows(self, leaves: list[Any], value: Any) -> bool:
        """Whether any leaf schema admits a constant: its ``enum`` has it, or it has no enum and
        is of the value's JSON type (or untyped). Statuses are plain strings on some output
        items and enums on others, so one admitting leaf is enough."""
        kind = {str: "string", bool: "boolean", int: "integer", float: "number"}.get(type(value))
        for leaf in leaves:
            for shape in self.alternatives(leaf):
                values = shape.get("enum")
                if isinstance(values, list):
                    if value in values:
                        return True
                    continue
                t = shape.get("type")
                types = t if isinstance(t, list) else [t]
                if t is None or kind in types or (kind == "integer" and "number" in types):
                    return True
        return False


# -- showing a plan -----------------------------------------------------------------------------------


def explain(plan: EventPlan) -> str:
    """The plan as a table for ``--explain-merge``: one line per action (event type, op, path,
    value, identity check, source)."""
    header = (
        f"{plan.root} -> {plan.target}  (family {plan.family}; tag {plan.tag!r}; "
        f"order {plan.order or '-'}; keyed lists: {', '.join(plan.collections) or '-'}; unknown types kept)"
    )
    rows = [("event type", "op", "at", "value", "id", "source")]
    for rule in plan.rules:
        for action in rule.actions:
            value = action.value or (f"={json.loads(action.constant)}" if action.constant else "")
            if action.op is Op.SIDE:
                latest = f" (latest per {action.key})" if action.key else " (latest)"
                value = f"{value} -> {action.channel}" + ("" if action.keep_all else latest)
            extras = " (check)" if action.check else ""
            extras += " (derived)" if action.derived else ""
            source = rule.source + ("" if rule.member else ", not in spec")
            rows.append((rule.tag, action.op.value + extras, action.path, value, action.ident or "", source))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    lines = [header]
    for row in rows:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[-1])
    return "\n".join(line.rstrip() for line in lines) + "\n"


# -- folding with a plan (no generated code) ------------------------------------------------------------


def fold_handlers(plan: EventPlan) -> dict[str, _Handler]:
    """``{event type: handler}`` doing what the plan says through the runtime's primitives: the
    same calls the generated handlers make (``templates/_events.py.jinja``), built at run time."""
    return {rule.tag: _rule_handler(rule) for rule in plan.rules}


def new_fold(plan: EventPlan, *, strict: bool = False) -> _EventFold:
    """An empty fold for ``plan``'s stream: ``fold.add(event)`` each event, ``fold.snapshot()``."""
    return _EventFold(fold_handlers(plan), tag=plan.tag, collections=plan.collections, order=plan.order, strict=strict)


def _rule_handler(rule: EventRule) -> _Handler:
    steps = [_action_handler(a) for a in rule.actions]
    if len(steps) == 1:
        return steps[0]

    def handle(fold: _EventFold, event: dict[str, Any]) -> None:
        for step in steps:
            step(fold, event)

    return handle


def _action_handler(action: Action) -> _Handler:
    op, value_field = action.op, action.value
    constant = json.loads(action.constant) if action.constant is not None else None

    def value_of(event: dict[str, Any]) -> Any:
        if value_field == WHOLE_EVENT:
            return event
        return event.get(value_field) if value_field is not None else constant

    if op is Op.INIT:
        return lambda f, e: f.init(value_of(e))
    if op is Op.REFRESH:
        return lambda f, e: f.refresh(value_of(e))
    if op is Op.FINALIZE:
        return lambda f, e: f.finalize(value_of(e))
    if op is Op.ERROR:
        return lambda f, e: f.fail(e)
    if op is Op.IGNORE:
        return lambda f, e: None
    if op is Op.SIDE:
        channel, key, keep_all = str(action.channel), action.key, action.keep_all
        return lambda f, e: f.side(channel, value_of(e), e.get(key) if key else None, keep_all)
    locate = _locator(action)
    path = action.path
    collection = action.at[0].name if len(action.at) == 1 and action.at[0].key else None
    check = action.check
    if op is Op.CREATE:
        return lambda f, e: f.create(*locate(f, e), value_of(e), path, collection)
    if op is Op.REPLACE:
        return lambda f, e: f.replace(*locate(f, e), value_of(e), path, check, collection)
    if op is Op.APPEND:
        return lambda f, e: f.append(*locate(f, e), value_of(e), path)
    if op is Op.EXTEND:
        return lambda f, e: f.extend(*locate(f, e), value_of(e), path)
    return lambda f, e: f.set(*locate(f, e), value_of(e))


def _locator(action: Action) -> Callable[[_EventFold, dict[str, Any]], tuple[dict[Any, Any], Any]]:
    """``(container, key)`` of an action's slot: the first keyed step through the identity
    check, the innermost keyed step before the last created from ``new`` when missing."""
    at = action.at
    templates = [".".join(str(s) for s in at[: i + 1]) for i in range(len(at))]
    keyed_before_last = [i for i, s in enumerate(at[:-1]) if s.key]
    innermost = keyed_before_last[-1] if keyed_before_last else -1
    new = json.loads(action.new) if action.new else None
    ident = action.ident

    def locate(f: _EventFold, e: dict[str, Any]) -> tuple[dict[Any, Any], Any]:
        parent: dict[Any, Any] = f.response
        for i, step in enumerate(at[:-1]):
            fresh = new if i == innermost else None
            if step.key is None:
                parent = f.field(parent, step.name, templates[i])
            elif i == 0:
                parent = f.item(step.name, e, step.key, ident, templates[i], fresh)
            else:
                container = f.slots(parent, step.name, templates[i])
                parent = f.child(container, f.key(e, step.key, templates[i]), templates[i], fresh)
        last = at[-1]
        if last.key is None:
            return parent, last.name
        return f.slots(parent, last.name, templates[-1]), f.key(e, last.key, templates[-1])

    return locate
