"""Render merge plans: the chunk roots' ``NodePlan``/``ResponsePlan`` in, the views
``templates/_merge.py.jinja`` lays out; spec strings reach it as ``pytypes.literal`` literals.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING, Any

from . import naming, pytypes, runtime_files
from .imports import natural
from .merge_plan import FieldPlan, NodePlan, meaning
from .model import Array, Map, ModelRef, Schemas, Tuple
from .naming import parse_function
from .naming.code import keyed_list_names, keys_constant
from .policy import Policy
from .response_plan import ResponsePlan, finish_fields
from .styles.base import Emitter, Traits

if TYPE_CHECKING:
    from .render import Generation


def validate_function(gen: Generation, name: str, emitter: Emitter) -> str:
    """What an accumulator passes to ``_built_anyway`` to validate a ``name`` (``Emitter.validate_function``)."""
    return emitter.validate_function(name, parse_function(gen.schemas, name))


def root_view(gen: Generation, name: str, emitter: Emitter) -> dict[str, Any]:
    """What the templates read of chunk root ``name``: parse function, accumulator, state, response."""
    response = gen.schemas.responses.get(name)
    # ``_finish``: the attribute paths of the fields that say the stream has ended
    finish = tuple(tuple(f.field.py_name for f in path) for path in finish_fields(gen.schemas, gen.plans[name]))
    shared = [root for root in gen.schemas.roots if gen.schemas.responses.get(root) == response]
    return {
        "model": name,
        "typed": _typed(gen.plans[name], emitter.traits),  # the accumulator reads the model
        "parse_fn": parse_function(gen.schemas, name),
        "reader": naming.chunk_reader(name, parse_function(gen.schemas, name)),
        "accumulator": naming.accumulator_name(name),
        "state_cls": state_class_names(gen)[id(gen.plans[name])],
        "response": response,
        "response_parse_fn": parse_function(gen.schemas, response) if response else "",
        "plan_const": naming.response_plan_constant(response, name if len(shared) > 1 else None) if response else "",
        "validate": validate_function(gen, name, emitter),
        "response_validate": validate_function(gen, response, emitter) if response else "",
        "finish": pytypes.literal(finish) if finish else "",
    }


def state_class_names(gen: Generation) -> dict[int, str]:
    """A class name for each merge-state node, keyed by ``id(node)`` (see ``naming``)."""
    return naming.state_class_names(node for root_name in gen.schemas.roots for node in gen.plans[root_name].walk())


def merge_view(gen: Generation, emitter: Emitter, roots: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``merge`` of the template context: the merge-state nodes of every root (``roots``:
    their ``root_view``), the response plans and the keyed lists."""
    names = state_class_names(gen)
    nodes = [
        _node_view(node, names, emitter, gen.schemas)
        for root_name in gen.schemas.roots
        for node in gen.plans[root_name].walk()
    ]
    plans = [
        {"name": r["plan_const"], "value": _response_literal(gen.responses[r["model"]])} for r in roots if r["response"]
    ]
    keyed_lists = [f["keyed_list"] for n in nodes for f in n["fields"] if f["policy"] == "by_key"]
    short = Counter(rule["short"] for rule in keyed_lists)
    for rule in keyed_lists:  # ``_TOOL_CALLS`` where one list has that name, else qualified
        unique = short[rule["short"]] == 1 and rule["short"] not in _runtime_globals()  # nor a runtime global
        rule["name"] = rule["short"] if unique else rule["long"]
    return {
        "nodes": nodes,
        "roots": roots,
        "extras": emitter.traits.model_extras,
        "dict_models": emitter.traits.dict_models,
        "has_response": bool(plans),
        "response_plans": plans,
        "keyed_lists": keyed_lists,
    }


def _typed(node: NodePlan, traits: Traits) -> bool:
    """``node``'s merge state merges an instance of its model as it is (``_add_model``): the style's
    chunks are instances, and the model is a class of the module (not gathered, not made up)."""
    return traits.model_extras is not None and not node.union_of and not node.synthetic


def _node_view(node: NodePlan, names: dict[int, str], emitter: Emitter, schemas: Schemas) -> dict[str, Any]:
    fields = [_merge_field_view(f, node, names, emitter, schemas) for f in node.fields]
    slots = [f["attr"] for f in fields]
    where = node.path or "(chunk)"
    if node.own_keys:
        known = pytypes.frozenset_literal(f.field.wire_name for f in node.fields)
    else:
        known = f"_wire_names({node.model.name})" if emitter.traits.reads_wire_names else keys_constant(node.model.name)
    return {
        "cls": names[id(node)],
        "doc": pytypes.docstring(f"Merge state of {node.model.name} at ``{where}`` ({node.context} context).", 4),
        "model": node.model.name,
        "sorted_slots": sorted(slots, key=natural),
        "path": node.path,
        "context": node.context,
        "is_entry": node.path.endswith("[]"),
        "fields": fields,
        "slots": slots,
        "known": known,
        "typed": _typed(node, emitter.traits),
        # the chunk's ``error`` declared (OpenRouter's): ``acc.error`` all the same
        "declares_error": not node.path and any(f.field.wire_name == "error" for f in node.fields),
    }


#: A merge state's annotation of a ``last`` or ``set`` field, by its JSON kind (a scalar's: ``str | None``).
_STATE_TYPES = {"object": "dict[str, Any] | None", "list": "list[Any] | None"}


def _merge_field_view(
    f: FieldPlan, node: NodePlan, names: dict[int, str], emitter: Emitter, schemas: Schemas
) -> dict[str, Any]:
    # what a ``last`` field checks: every JSON value of its type an object, or a list (through aliases)
    t = meaning(schemas, f.field.type)
    kind = "object" if isinstance(t, (ModelRef, Map)) else "list" if isinstance(t, (Array, Tuple)) else ""
    scalar = pytypes.scalar_type(f.field.type)
    # a merged delta's first text field (``content``, often alone): appended without ``_add``
    text = None
    if f.policy == "merge" and f.node is not None and f.node.context == "delta":
        text = next((g for g in f.node.fields if g.policy == Policy.CONCAT and not g.json_text), None)
    view: dict[str, Any] = {
        "attr": f.field.py_name,
        "wire": f.field.wire_name,
        "attribute": f.declared and emitter.declares(f.field),  # read by ``_add_model``, else an extra
        "declared": f.declared,  # key: else a key servers send that the schema lacks (not built)
        # the class ``_add_model`` expects of a merged object or list item (read by attribute)
        "child_model": f.node.model.name if f.node is not None and _typed(f.node, emitter.traits) else "",
        "policy": f.policy,
        "required": f.field.required,
        "nullable": f.field.nullable,
        "node_cls": names[id(f.node)] if f.node is not None else "",
        "eager": f.policy == "merge" and f.field.required and not f.field.nullable,
        "fast_text": {"wire": text.field.wire_name, "attr": text.field.py_name} if text is not None else None,
        "scalar": scalar,  # what set and last fields check inline (else an object or a list)
        "object": kind == "object",
        "list": kind == "list",
        "state_type": f"{scalar} | None" if scalar else _STATE_TYPES.get(kind, "Any"),
        "text_only": f.policy == "concat" and scalar == "str",
        "json_text": f.json_text,
        "absent": f.absent,  # by_key: the key of an item that omits it (proto3 JSON: ``index`` 0), or None
        "pieces": f.pieces,  # last: text a stream could send in pieces (another text replacing it is reported)
        "whole": isinstance(t, Map),  # last: each value of a map is all of it (an object's: the fields it states)
    }
    if f.policy in ("join", "by_key"):
        view["key"] = f.key
    if f.policy == "by_key":
        assert f.node is not None
        element = f.node
        key_field = next(g.field for g in element.fields if g.field.wire_name == f.key)
        id_field = next((g for g in element.model.fields if g.wire_name == element.id_field), None)
        short, long = keyed_list_names(names[id(node)], view["attr"])
        lit = pytypes.literal
        args = [f"wire={lit(f.field.wire_name)}", f"key={lit(f.key)}", f"key_attr={lit(key_field.py_name)}"]
        args.append(f"make={names[id(element)]}")
        if id_field is not None:
            args += [f"id_wire={lit(id_field.wire_name)}", f"id_attr={lit(id_field.py_name)}"]
        if not key_field.required:  # its absence no anomaly (undeclared: servers send it, built into no answer)
            args.append("required=False")
        if element.name_path:
            args += [f"name_wire={lit(element.name_path)}", f"name_attr={lit(_py_path(element, element.name_path))}"]
        # read inline what may_split needs to look further (an id or a name; most fragments have neither)
        hints = [f"item.get({lit(id_field.wire_name)})"] if id_field is not None else []
        if len(element.name_path) == 2:
            outer, inner = (lit(step) for step in element.name_path)
            hints.append(f"(type(part := item.get({outer})) is dict and part.get({inner}))")
        elif element.name_path:
            hints.append(f"_wire_get(item, {lit(element.name_path)})")
        view["key_attr"] = key_field.py_name
        view["keyed_list"] = {
            "short": short,
            "long": long,
            "args": ", ".join(args),
            "identity": id_field is not None or bool(element.name_path),
            "split_hint": " or ".join(hints),
        }
    return view


def _py_path(node: NodePlan, wire_path: tuple[str, ...]) -> tuple[str, ...]:
    attrs = []
    current: NodePlan | None = node
    for step in wire_path:
        plan = next((f for f in current.fields if f.field.wire_name == step), None) if current else None
        if plan is None:
            break
        attrs.append(plan.field.py_name)
        current = plan.node
    return tuple(attrs)


def _response_literal(plan: ResponsePlan) -> str:
    """A dict display ``{path: _ResponseRule(...)}``, one entry per object of the response."""
    return "{" + "".join(f"{pytypes.literal(at)}: {rule}, " for at, rule in _response_rules(plan, "")) + "}"


def _response_rules(plan: ResponsePlan, at: str) -> list[tuple[str, str]]:
    args = []
    for name in ("renames", "drop", "consts", "fills", "nulls", "required", "blank", "suffixes"):
        if not (value := getattr(plan, name)):
            continue
        if name == "drop":
            text = pytypes.frozenset_literal(value)
        else:  # keys as a tuple, pairs as a dict
            text = pytypes.literal(tuple(value) if name in ("nulls", "required", "blank") else dict(value))
        args.append(f"{name}={text}")
    below = [rule for key, child in plan.children for rule in _response_rules(child, f"{at}.{key}" if at else key)]
    return [(at, "_ResponseRule(" + ", ".join(args) + ")"), *below]


@functools.cache
def _runtime_globals() -> frozenset[str]:
    """The runtime modules' module-level names (inlined, globals a keyed list's constant must not take)."""
    return frozenset(name for module in runtime_files.MODULES for name in runtime_files.defined_names(module))
