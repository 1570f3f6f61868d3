"""Merge plan: the IR of a stream root in, how each field of its chunks merges out (the policies
of ``policy``; what each does: docs/usage.md, "How chunks merge"; ``--explain-merge`` prints a plan).

Defaults depend on where a field stands (its context):

* root (the chunk, a snapshot): identity names ``set``; other scalars, objects and lists
  ``last`` (``usage`` is cumulative, never summed); lists of objects with an integer ``index``
  ``by_key`` (``choices``).
* entry (an element of a ``by_key`` list, a choice): ``delta`` is ``merge`` in delta context;
  scalars ``last``; lists ``append``; an object ``merge`` when something inside accumulates.
* delta: strings ``concat`` except identity names and enums (``role``: ``set``); other scalars
  ``last``; objects ``merge``; lists of indexed objects ``by_key``, other lists ``append``.

A spec overrides a field with ``x-merge: POLICY``, a user with ``--merge-policy PATH=POLICY``
(also an undeclared field: ``_plan_undeclared``), over shipped chunk maps (``chunk_maps``);
``response_plan`` turns a snapshot into the non-stream response.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace

from .errors import SpecError, closest, did_you_mean
from .event_words import CONTENT_WORDS, TEXT_WORDS, says_piece, says_stamp, words
from .model import ANY, AliasRef, Array, Enum, Field, Model, ModelRef, Nullable, Prim, Schemas, Type, UnionType
from .naming import attribute_name, class_name, singular
from .policy import Policy, WrittenPolicy, parse_policy
from .warning_kinds import OVERRIDE_UNDECLARED, TAKEN_WHOLE, UNION_FIELD_TYPES, SpecWarning

#: Field names that identify, never concatenated.
IDENTITY_NAMES = frozenset(("id", "type", "role", "name", "index", "object", "model"))
#: Text fields holding JSON text (``arguments``): a fragment re-sending the whole text so far is
#: detected (``json_text`` in the runtime).
JSON_TEXT_NAMES = frozenset(("arguments",))
#: Fields that only carry the stream (OpenAI's ``obfuscation`` padding): left out of the answer.
STREAM_ONLY = frozenset(("obfuscation",))


class Context(str, enum.Enum):
    """Where an object stands in a chunk: its fields' defaults (module docstring) and how the runtime
    merges unknown fields there (``_merge_loose`` gets the value)."""

    ROOT = "root"  # the chunk itself: a snapshot of the stream's top level
    ENTRY = "entry"  # an element of a ``by_key`` list (a choice)
    DELTA = "delta"  # inside a choice's ``delta``: fragments to gather

    def __str__(self) -> str:
        return self.value


ROOT, ENTRY, DELTA = Context.ROOT, Context.ENTRY, Context.DELTA
#: the variants of a model gathered from a union of objects, and the fields they type differently
_Union = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class FieldPlan:
    """How one field merges.

    Attributes:
        path: display path (``choices[].delta.tool_calls[].function.arguments``).
        key: for ``by_key``, the key field's wire name (``join``: the text field).
        node: for ``merge`` and ``by_key``, the plan of the object (or list element).
        source: ``default``, ``x-merge``, ``override`` (``--merge-policy``, ``merge-policies``) or
            a chunk map's ``map:<file>``.
        fallback: for a default ``last`` list or object that can lose data, why, and the override
            that changes it (printed).
        declared: False for an undeclared field an override names; its ``field`` is made up (any JSON).
        doubt: for such a field named close to a declared one (a typo?), what is printed.
        absent: for ``by_key``, the key of an item that omits it (``by_key:index=0``); None: reported.
        pieces: for ``last``, a string or an object holding one: a different non-empty text
            replacing it is reported (``text_replaced``).
    """

    field: Field
    policy: Policy
    path: str
    key: str | None = None
    node: NodePlan | None = None
    source: str = "default"
    fallback: str = ""
    declared: bool = True
    doubt: str = ""
    absent: int | None = None
    pieces: bool = False

    @property
    def json_text(self) -> bool:
        """A ``concat`` field of JSON text: a fragment repeating the whole text so far is one copy."""
        return self.policy == Policy.CONCAT and self.field.wire_name in JSON_TEXT_NAMES


@dataclass(frozen=True, slots=True)
class NodePlan:
    """How an object merges: a plan per known field, and the context for unknown ones.

    ``id_field``, ``name_path`` (``by_key`` elements): the field (``id``), and the path to a name
    field for fragments without a key (``function.name``), whose new value starts a new entry.
    """

    model: Model
    context: Context
    path: str
    fields: tuple[FieldPlan, ...]
    id_field: str | None = None
    name_path: tuple[str, ...] = ()
    #: for a union of object schemas (a ``oneOf`` delta): the variants ``model`` gathers, fields typed apart
    union_of: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()
    #: made up for an undeclared field (an override's ``merge``/``by_key``): no class, fields unknown
    synthetic: bool = False

    @property
    def own_keys(self) -> bool:
        """Its merge state spells out its wire names (not ``_KEYS_<Model>``): a union's, made-up or extended model."""
        return bool(self.union_of) or self.synthetic or not all(f.declared for f in self.fields)

    def accumulates(self) -> bool:
        """True when some field, at any depth, gathers rather than replaces."""
        return any(
            f.policy in (Policy.CONCAT, Policy.APPEND, Policy.BY_KEY, Policy.JOIN)
            or (f.policy == Policy.MERGE and f.node is not None and f.node.accumulates())
            for f in self.fields
        )

    def walk(self) -> list[NodePlan]:
        """This node and every node below it, parents first (each model once per path)."""
        return [self, *(below for f in self.fields if f.node is not None for below in f.node.walk())]


def plan_merge(schemas: Schemas, root: str, overrides: dict[str, str] | None = None) -> NodePlan:
    """The merge plan of root model ``root``; ``overrides``: ``{path: policy}`` (``--merge-policy``,
    configuration), also of undeclared fields in the plan's objects (``_plan_undeclared``).

    Raises:
        SpecError: an override's path whose parent the plan lacks, or a policy misfitting its field's type.
    """
    written = {path: parse_policy(text, f"merge policy for {path!r}") for path, text in (overrides or {}).items()}
    node = _plan_node(schemas, schemas.models[root], ROOT, "", written, ())
    if written:
        path = next(iter(written))
        known = [f.path for n in node.walk() for f in n.fields]
        raise SpecError(
            f"--merge-policy {path!r}: no such field in {root}'s merge plan, nor a field to add to one of its "
            f"objects ({path.rpartition('.')[0]!r} is not one){did_you_mean(path, known)}"
        )
    return node


def _plan_node(
    schemas: Schemas,
    model: Model,
    context: Context,
    path: str,
    overrides: dict[str, WrittenPolicy],
    stack: tuple[str, ...],
    key: str | None = None,
    union: _Union = ((), ()),
    synthetic: bool = False,
) -> NodePlan:
    """One object's plan, with fields overrides add; ``key``: a ``by_key`` list's key field (policy
    ``key``); ``union``: variants and conflicts of a gathered model (``_gathered``)."""
    fields = tuple(
        (
            FieldPlan(f, Policy.KEY, f"{path}.{f.wire_name}")
            if f.wire_name == key
            else _plan_field(schemas, f, context, path, overrides, stack + (model.name,))
        )
        for f in model.fields
    )
    taken = {f.py_name for f in model.fields}
    if key is not None and not any(f.wire_name == key for f in model.fields):  # a key servers send, undeclared
        key_field = Field(key, attribute_name(key, taken), Prim("int"), required=False, pointer=model.pointer)
        fields, synthetic = (*fields, FieldPlan(key_field, Policy.KEY, f"{path}.{key}", declared=False)), True
    # a wire name inside this object: not empty, not a list step ``x[]``
    added = [p for p in overrides if p.rpartition(".")[0] == path and p and not p.endswith((".", "[]"))]
    fields += tuple(_plan_undeclared(schemas, model, name, context, overrides, stack, taken) for name in added)
    id_field = next((f.wire_name for f in model.fields if f.wire_name == "id"), None)
    return NodePlan(model, context, path, fields, id_field, _name_path(schemas, model), *union, synthetic=synthetic)


def _plan_undeclared(
    schemas: Schemas,
    owner: Model,
    path: str,
    context: Context,
    overrides: dict[str, WrittenPolicy],
    stack: tuple[str, ...],
    taken: set[str],
) -> FieldPlan:
    """An undeclared field an override names (``path``, popped), as any JSON; ``merge``: an object of
    unknown fields, ``by_key[:KEY]`` a list of such objects keyed by integer ``KEY`` (``index``)."""
    parsed = overrides.pop(path)
    name = path.rpartition(".")[2]
    field = Field(name, attribute_name(name, taken), Nullable(ANY), required=False, pointer=owner.pointer)
    node, key = None, None
    if parsed.policy == Policy.BY_KEY:
        key = parsed.key or "index"
        key_field = Field(key, attribute_name(key, set()), Prim("int"), required=False)
        word = class_name(name)
        element = Model(f"{owner.name}{singular(word) or word + 'Item'}", (key_field,), pointer=owner.pointer)
        inner = DELTA if context == DELTA else ENTRY
        node = _plan_node(schemas, element, inner, path + "[]", overrides, stack + (owner.name,), key, synthetic=True)
    elif parsed.policy == Policy.MERGE:
        model = Model(f"{owner.name}{class_name(name)}", (), pointer=owner.pointer)
        node = _plan_node(schemas, model, context, path, overrides, stack + (owner.name,), synthetic=True)
    # closer than did_you_mean's cutoff: `rol` for `role` (0.86), not `citations` for `obfuscation` (0.6)
    close = closest(name, [f.wire_name for f in owner.fields], cutoff=0.8)
    doubt = f"did you mean {close!r}?" if close else ""
    return FieldPlan(
        field, parsed.policy, path, key, node, "override", declared=False, doubt=doubt, absent=parsed.absent
    )


def meaning(schemas: Schemas, t: Type) -> Type:
    """``t`` with named aliases (array schemas, unions) followed (``interpret`` read away nullability, ``allOf``)."""
    seen: set[str] = set()
    while isinstance(t, AliasRef) and t.name in schemas.aliases and t.name not in seen:
        seen.add(t.name)
        t = schemas.aliases[t.name].type
    return t


def _is_key(schemas: Schemas, f: Field, name: str) -> bool:
    """``f`` can key a ``by_key`` list: named ``name``, an integer or number (a fraction is reported)."""
    t = meaning(schemas, f.type)
    return f.wire_name == name and isinstance(t, Prim) and t.kind in ("int", "float")


def _element(schemas: Schemas, f: Field) -> Model | None:
    """The object model a list field holds, if it holds objects of one model."""
    t = meaning(schemas, f.type)
    item = meaning(schemas, t.item) if isinstance(t, Array) else None
    return schemas.models.get(item.name) if isinstance(item, ModelRef) else None


def _object_model(schemas: Schemas, f: Field, owner: str) -> tuple[Model | None, _Union]:
    """The model an object field merges as: its model, or one gathered from a union (``_gathered``)."""
    t = meaning(schemas, f.type)
    if isinstance(t, ModelRef):
        return schemas.models.get(t.name), ((), ())
    name = f.type.name if isinstance(f.type, AliasRef) else f"{owner}{class_name(f.wire_name)}"
    return _gathered(schemas, t, name, f.pointer)


def _gathered(schemas: Schemas, t: Type, name: str, pointer: str) -> tuple[Model | None, _Union]:
    """One model ``name`` over a union of object schemas' properties (the first variant's type wins; objects,
    or lists of objects, of several variants: their union, gathered in turn), with the variants and the
    fields they type differently; ``(None, ...)`` for anything else."""
    if not isinstance(t, UnionType):
        return None, ((), ())
    options = [meaning(schemas, o) for o in t.options]
    if not all(isinstance(o, ModelRef) and o.name in schemas.models for o in options):
        return None, ((), ())
    variants = [schemas.models[o.name] for o in options if isinstance(o, ModelRef)]
    gathered: dict[str, Field] = {}
    first_in: dict[str, str] = {}
    conflicts = []
    for variant in variants:
        for g in variant.fields:
            first = gathered.get(g.wire_name)
            if first is None:
                required = all(any(h.wire_name == g.wire_name and h.required for h in v.fields) for v in variants)
                gathered[g.wire_name] = replace(g, required=required)
                first_in[g.wire_name] = variant.name
            elif (a := meaning(schemas, first.type)) != (b := meaning(schemas, g.type)) and not (
                isinstance(a, Enum) and isinstance(b, Enum) and a.bases == b.bases
            ):  # values of one kind (the union's tag: each variant's one value) merge alike
                if (wider := _widened(a, b)) is not None:  # AI21's tool call: a start, then deltas
                    gathered[g.wire_name] = replace(first, value_type=Nullable(wider) if first.nullable else wider)
                    continue
                conflicts.append(
                    f"{g.wire_name!r} has another type in {variant.name} than in {first_in[g.wire_name]}; "
                    f"merged as in {first_in[g.wire_name]}"
                )
    model = Model(name, tuple(gathered.values()), pointer=pointer)
    return model, (tuple(v.name for v in variants), tuple(conflicts))


def _widened(a: Type, b: Type) -> Type | None:
    """Two variants' objects (or lists of objects) of one field as a union of them (gathered where merged)."""
    if isinstance(a, Array) and isinstance(b, Array):
        return None if (inner := _widened(a.items, b.items)) is None else Array(inner)
    refs = [o for t in (a, b) for o in (t.options if isinstance(t, UnionType) else (t,))]
    return UnionType(tuple(dict.fromkeys(refs))) if all(isinstance(o, ModelRef) for o in refs) else None


def _name_path(schemas: Schemas, model: Model) -> tuple[str, ...]:
    """Path to a ``name`` field at depth one or two (``function.name`` of a tool call)."""
    if any(f.wire_name == "name" for f in model.fields):
        return ("name",)
    for f in model.fields:
        inner = schemas.models.get(f.type.name) if isinstance(f.type, ModelRef) else None
        if inner is not None and any(g.wire_name == "name" for g in inner.fields):
            return (f.wire_name, "name")
    return ()


def _keyed_element(schemas: Schemas, f: Field, owner: str, context: Context) -> tuple[Model | None, _Union]:
    """The element model of a list of objects with a numeric ``index`` (or none: see below), or of a union
    of such gathered (OpenRouter's ``reasoning_details``)."""
    element = _element(schemas, f)
    if element is not None:  # keyed by an ``index`` servers send, undeclared: objects with an id in a delta,
        # a chunk's entries holding content (SiliconFlow's choices: taken whole, the answer was the last piece)
        names = {g.wire_name for g in element.fields}
        top = context == ROOT and not names & CONTENT_WORDS and _entries_hold_content(schemas, f)  # not parts
        fragments = "index" not in names and (top or (context == DELTA and "id" in names))
        return (element if fragments or any(_is_key(schemas, g, "index") for g in element.fields) else None), ((), ())
    t = meaning(schemas, f.type)
    if not isinstance(t, Array):
        return None, ((), ())
    name = t.item.name if isinstance(t.item, AliasRef) else f"{owner}{class_name(f.wire_name)}Item"
    model, union = _gathered(schemas, meaning(schemas, t.item), name, f.pointer)  # None unless a union of objects
    if model is None or not all(any(_is_key(schemas, g, "index") for g in schemas.models[v].fields) for v in union[0]):
        return None, ((), ())
    return model, union


def _plan_field(
    schemas: Schemas,
    f: Field,
    context: Context,
    parent: str,
    overrides: dict[str, WrittenPolicy],
    stack: tuple[str, ...],
) -> FieldPlan:
    path = f"{parent}.{f.wire_name}" if parent else f.wire_name
    owner = stack[-1] if stack else ""
    element, items_union = _keyed_element(schemas, f, owner, context)
    model, union = _object_model(schemas, f, owner)
    # a ``message`` beside a ``delta`` (Writer's, "deprecated for streaming", sent in pieces too): taken as
    # sent last, unreported; the answer's message is the folded ``delta``
    siblings = schemas.models[owner].fields if owner in schemas.models else ()
    aside = f.wire_name == "message" and any(g.wire_name == "delta" for g in siblings)
    policy, key, node = Policy.LAST, None, None
    if not aside:
        policy, key, node = _default(schemas, f, context, path, element, model, overrides, stack, union, items_union)
    fallback = ""
    absent = _absent_key(element, key, context) if policy == Policy.BY_KEY else None
    if policy == Policy.LAST and not aside:
        listed = isinstance(meaning(schemas, f.type), Array) and not _ratings(schemas, f)
        if listed and (context != ROOT or _entries_hold_content(schemas, f)):
            fallback = f"a list taken whole from the last chunk that sends it; --merge-policy '{path}=append'"
            fallback += " gathers every chunk's items"
        elif model is not None and _holds_text(schemas, f):
            fallback = "an object whose fields each chunk restates replace those held (text sent in pieces keeps"
            fallback += f" its last piece); --merge-policy '{path}=merge' merges it field by field"
        elif context == ROOT and f.required and _holds_text(schemas, f) and _names_answer(f):
            fallback = "text every chunk carries, taken from the last chunk (sent in pieces, the last piece stays)"
            fallback += f"; --merge-policy '{path}=concat' joins the pieces"
    written: WrittenPolicy | None
    if path in overrides:
        written, source = overrides.pop(path), "override"
    elif f.merge is not None:
        written, source = f.merge, "x-merge"
    else:  # a field inside the items of a list the plan has no object for (not keyed): ``parts[].text``
        written = _inside_items(path, overrides) if node is None else None
        source = "default" if written is None else "override"
    if written is not None:
        policy, key_name, fallback = written.policy, written.key, ""
        absent = written.absent if policy == Policy.BY_KEY else None
        _check_fits(schemas, f, policy, path, model, key_name)
        if policy == Policy.JOIN:
            node, key = None, key_name or "text"
        elif policy == Policy.BY_KEY and (node is None or key != (key_name or "index")):
            key = key_name or "index"  # else the default's plan of the entries (nested overrides applied there)
            element = element or _element(schemas, f)
            assert element is not None
            if any(g.wire_name == key and not _is_key(schemas, g, key) for g in element.fields):
                raise SpecError(f"merge policy by_key:{key} for {path!r}: the list's objects' {key!r} is no integer")
            inner = DELTA if context == DELTA else ENTRY
            node = _plan_node(schemas, element, inner, path + "[]", overrides, stack, key)
        elif policy == Policy.MERGE and model is not None and node is None:
            node = _plan_node(schemas, model, context, path, overrides, stack, union=union)
        elif policy not in (Policy.MERGE, Policy.BY_KEY):
            node, key = None, None
    # a ``last`` written in a spec, a map or an override says each value replaces the one before
    pieces = policy == Policy.LAST and source == "default" and not aside and _holds_text(schemas, f)
    return FieldPlan(f, policy, path, key, node, source, fallback, absent=absent, pieces=pieces)


def _inside_items(path: str, overrides: dict[str, WrittenPolicy]) -> WrittenPolicy | None:
    """An override (popped) of a field inside list ``path``'s items where the plan has no object for
    them (``parts[].text=concat``), as the list's ``join:text``; SpecError: another policy or field."""
    inner = [p for p in overrides if p.startswith(path + "[].") and "." not in p[len(path) + 3 :]]
    if not inner:
        return None
    written = overrides[inner[0]]
    if len(inner) > 1 or written.policy != Policy.CONCAT:
        raise SpecError(
            f"--merge-policy {inner[0]!r}: the items of {path!r} are taken whole; the one policy for a field inside "
            f"them is concat, for one text field (adjacent items of the same kind join their text: {path}=join:FIELD)"
        )
    del overrides[inner[0]]
    return WrittenPolicy(Policy.JOIN, inner[0].rpartition(".")[2])


def _holds(
    schemas: Schemas, f: Field, test: Callable[[Field], bool], seen: tuple[str, ...] = (), unions: bool = False
) -> bool:
    """``test(f)``, or ``f`` is an object holding a field that passes it, a few levels down; with
    ``unions``, also through a union of objects (Llama Stack's ``event.delta``: text or a tool call)."""
    if test(f):
        return True
    t = meaning(schemas, f.type)
    options = [meaning(schemas, o) for o in t.options] if isinstance(t, UnionType) and unions else [t]
    return any(
        _holds(schemas, g, test, seen + (o.name,), unions)
        for o in options
        if isinstance(o, ModelRef) and o.name in schemas.models and o.name not in seen and len(seen) < 4
        for g in schemas.models[o.name].fields
    )


def _names_answer(f: Field) -> bool:
    """``f``'s name ends in a word of the answer's text (``TEXT_WORDS``: Cloudflare's ``response``), not a label."""
    return bool({*words(f.wire_name)[-1:]} & TEXT_WORDS)


def _holds_text(schemas: Schemas, f: Field) -> bool:
    """``f`` is a plain string (no enum, identity, padding or stamp) or an object holding one."""

    def text(g: Field) -> bool:
        t = meaning(schemas, g.type)
        return (
            isinstance(t, Prim)
            and t.kind == "str"
            and g.wire_name not in IDENTITY_NAMES | STREAM_ONLY
            and not _stamp(g)
        )

    return _holds(schemas, f, text)


def _piece(f: Field) -> bool:
    """``f``'s description calls it a piece (``says_piece``) and it is no identity, stamp or enum (``role``)."""
    return (
        says_piece(f.description)
        and f.wire_name not in IDENTITY_NAMES
        and not _stamp(f)
        and not isinstance(f.type, Enum)
    )


def _stamp(f: Field) -> bool:
    """``f`` is a time stamp (``says_stamp``): one value each chunk, never text in pieces."""
    return says_stamp(f.wire_name, f.description, f.type.format if isinstance(f.type, Prim) else None)


def _default(
    schemas: Schemas,
    f: Field,
    context: Context,
    path: str,
    element: Model | None,
    model: Model | None,
    overrides: dict[str, WrittenPolicy],
    stack: tuple[str, ...],
    union: _Union,
    items_union: _Union = ((), ()),
) -> tuple[Policy, str | None, NodePlan | None]:
    if element is not None and element.name not in stack:
        inner = DELTA if context == DELTA else ENTRY
        node = _plan_node(schemas, element, inner, path + "[]", overrides, stack, "index", union=items_union)
        return Policy.BY_KEY, "index", node
    if model is not None and model.name not in stack:
        if context == ENTRY and f.wire_name == "delta":
            return Policy.MERGE, None, _plan_node(schemas, model, DELTA, path, overrides, stack, union=union)
        if context == ROOT and not any(_holds(schemas, g, _piece, unions=True) for g in model.fields):
            return Policy.LAST, None, None  # holds no piece (Ollama's ``message`` does)
        node = _plan_node(schemas, model, context, path, overrides, stack, union=union)
        if context == DELTA or node.accumulates():  # at the root: an object that holds pieces
            return Policy.MERGE, None, node
        return Policy.LAST, None, None
    if isinstance(meaning(schemas, f.type), Array):
        # top level: ``last`` unless said pieces; items with ``text``: ``join``; ratings (a whole set): ``last``
        items = _element(schemas, f)
        if context == ROOT and not _piece(f):
            return Policy.LAST, None, None
        if items is not None and any(g.wire_name == "text" and _is_text(schemas, g) for g in items.fields):
            return Policy.JOIN, "text", None
        return Policy.LAST if _ratings(schemas, f) else Policy.APPEND, None, None
    # a chunk's ``type``, and an ``object`` no enum fixes (Perplexity's last says ``chat.completion.done``): labels
    label = context == ROOT and (f.wire_name == "type" or (f.wire_name == "object" and not isinstance(f.type, Enum)))
    if f.wire_name in IDENTITY_NAMES and not label:
        return Policy.SET, None, None
    if _stamp(f):  # restated by each chunk, maybe anew (TGI stamps each with its second): no identity
        return Policy.LAST, None, None
    if (context == DELTA or _piece(f) or _entry_text(f, context, path)) and _is_text(schemas, f):
        return Policy.CONCAT, None, None
    if context == DELTA and isinstance(f.type, Enum):
        return Policy.SET, None, None
    return Policy.LAST, None, None


def _ratings(schemas: Schemas, f: Field) -> bool:
    """A list of records of only enums, numbers and flags (one per category): no text, no object, no list."""
    items = _element(schemas, f)
    kinds = [meaning(schemas, g.type) for g in items.fields] if items is not None else []
    return bool(kinds) and all(
        isinstance(t, Enum) or (isinstance(t, Prim) and t.kind in ("int", "float", "bool")) for t in kinds
    )


def _absent_key(element: Model | None, key: str | None, context: Context) -> int | None:
    """The key of an entry that omits it: the key's default (Mistral's ``default: 0``), else at the
    top level 0 (Gemini's ``candidates[].index``: proto3 JSON leaves zero out); None if required."""
    found = next((g for g in element.fields if g.wire_name == key), None) if element and key else None
    if found is None or found.required:
        return None
    if isinstance(found.default, int) and not isinstance(found.default, bool):
        return found.default
    return 0 if context == ROOT else None


def _entry_text(f: Field, context: Context, path: str) -> bool:
    """``f`` is a content-named field of a list entry itself (a legacy completion's ``choices[].text``)."""
    return context == ENTRY and path.endswith(f"[].{f.wire_name}") and f.wire_name in CONTENT_WORDS


def _entries_hold_content(schemas: Schemas, f: Field) -> bool:
    """``f`` is a list of objects holding a content-named string (SiliconFlow's ``message.content``)."""
    element = _element(schemas, f)
    content = lambda g: g.wire_name in CONTENT_WORDS and _is_text(schemas, g)
    return element is not None and any(_holds(schemas, g, content) for g in element.fields)


def _is_text(schemas: Schemas, f: Field) -> bool:
    """A string, or a union holding one (Mistral's content: a string or a list of parts)."""
    t = meaning(schemas, f.type)
    options = t.options if isinstance(t, UnionType) else (t,)
    return any(isinstance(o, Prim) and o.kind == "str" for o in (meaning(schemas, o) for o in options))


def _check_fits(schemas: Schemas, f: Field, policy: Policy, path: str, model: Model | None, key: str | None) -> None:
    if policy == Policy.CONCAT and not _is_text(schemas, f):
        raise SpecError(f"merge policy concat for {path!r}: the field is not a string")
    if policy == Policy.APPEND and not isinstance(meaning(schemas, f.type), Array):
        raise SpecError(f"merge policy append for {path!r}: the field is not a list")
    if policy == Policy.BY_KEY and _element(schemas, f) is None:
        raise SpecError(f"merge policy by_key for {path!r}: the field is not a list of objects")
    if policy == Policy.MERGE and model is None:
        raise SpecError(f"merge policy merge for {path!r}: the field is not an object")
    if policy == Policy.JOIN:
        items = _element(schemas, f)
        text = key or "text"
        if items is None or not any(g.wire_name == text and _is_text(schemas, g) for g in items.fields):
            raise SpecError(
                f"merge policy join:{text} for {path!r}: the field is not a list of objects with a string {text!r}"
            )


#: how the runtime merges unknown fields in each context, as ``explain`` prints it
_UNKNOWN_RULES = {
    DELTA: "text concat once it grows (a repeated value: last), other scalars last, objects merge, lists append (by index where items have one)",
    ENTRY: "scalars last, objects merge, lists append (by index where items have one)",
    ROOT: "scalars last, objects merge, lists last",
}


def explain(node: NodePlan) -> list[str]:
    """Lines ``path  policy  [key]  (source)`` for every field of the plan, depth first."""
    lines: list[str] = []
    pad = " " * 58  # below the policy column
    for f in node.fields:
        detail = f" on {f.key}" if f.key else ""
        detail += f" ({f.key} {f.absent} when omitted)" if f.absent is not None else ""
        undeclared = "" if f.declared else " of an undeclared field"
        note = "" if f.source == "default" and f.declared else f"  ({f.source}{undeclared})"
        lines.append(f"{f.path:<55} {f.policy}{detail}{note}")
        if f.fallback:
            lines.append(f"{pad}(can lose data: {f.fallback})")
        elif f.pieces:
            lines.append(
                f"{pad}(pieces: text a stream could send in pieces; a different text replacing it is reported)"
            )
        if f.doubt:
            lines.append(f"{pad}(is not in the schema; {f.doubt} it merges as a field of its own)")
        if f.node is not None and f.node.union_of:
            lines.append(f"{pad}(a union: fields of {', '.join(f.node.union_of)} merged together)")
        if f.node is not None:
            lines.extend(explain(f.node))
    lines.append(f"{(node.path + '.*') if node.path else '*':<55} unknown fields: {_UNKNOWN_RULES[node.context]}")
    return lines


def merge_warnings(node: NodePlan, root: str) -> list[SpecWarning]:
    """A warning per place chunk root ``root``'s plan can lose data (``fallback``), per field typed
    apart by a union's variants, per undeclared field named like a declared one (``doubt``)."""
    found: list[SpecWarning] = []
    for n in node.walk():
        found.extend(SpecWarning(UNION_FIELD_TYPES, f"{root} {n.path or '(chunk)'}", c) for c in n.conflicts)
        found.extend(
            SpecWarning(TAKEN_WHOLE, f"{root} {f.path}", f.fallback.split("; ")[-1]) for f in n.fields if f.fallback
        )
        found.extend(SpecWarning(OVERRIDE_UNDECLARED, f"{root} {f.path}", f.doubt) for f in n.fields if f.doubt)
    return found
