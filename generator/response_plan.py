"""Response plan: how a chunk stream's merged snapshot becomes the non-stream response
(``to_response``), read from the IR of both schemas at generation."""

from __future__ import annotations

from dataclasses import dataclass

from .event_words import STAGE_WORDS, Stage, words
from .merge_plan import STREAM_ONLY, FieldPlan, NodePlan, meaning
from .model import AliasRef, Array, Enum, Model, ModelRef, Prim, Schemas, UnionType
from .policy import Policy
from .roots import CHUNK_SUFFIX
from .warning_kinds import RESPONSE_UNSENT, SpecWarning


@dataclass(frozen=True, slots=True)
class ResponsePlan:
    """How a merged snapshot object becomes the non-stream response's object.

    Attributes:
        renames: stream wire name -> response wire name (``delta`` -> ``message``).
        drop: stream mechanics the response lacks (``STREAM_ONLY`` fields, a list entry's ``index``);
            all else is kept, even fields the response lacks (``usage`` in a choice), as unknown ones.
        consts: required single-value response fields and their value (``object: chat.completion``).
        fills: single-value stream fields (``type: function``) and their value, for a stream that never sent them.
        nulls: required nullable response fields, null when absent.
        required: required non-nullable response fields; absent or null is reported (``incomplete``)
            and left out, never invented (a guessed ``finish_reason: "stop"`` would hide a cut stream).
        blank: required enum fields without ``""``, whose ``""`` means none was sent (Ollama's ``finish_reason``).
        suffixes: fields whose stream value names the chunk's type, and the suffix whose removal names
            the response's (``chat.completion.chunk``), where the response gives no single value.
        children: response wire name -> plan for that object (or each item of that list).
        unsent: required non-nullable response fields the stream's schema lacks (Together's ``prompt``):
            their absence is drift (``schema_drift``), not a cut stream; warned at generation.
    """

    renames: tuple[tuple[str, str], ...] = ()
    drop: tuple[str, ...] = ()
    consts: tuple[tuple[str, object], ...] = ()
    fills: tuple[tuple[str, object], ...] = ()
    nulls: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    blank: tuple[str, ...] = ()
    children: tuple[tuple[str, ResponsePlan], ...] = ()
    suffixes: tuple[tuple[str, str], ...] = ()
    unsent: tuple[str, ...] = ()

    def unsent_paths(self, at: str = "") -> list[str]:
        """Every ``unsent`` field here and below, by wire names (``choices.logprobs``)."""
        below = [path for name, child in self.children for path in child.unsent_paths(f"{at}{name}.")]
        return [f"{at}{name}" for name in self.unsent] + below


#: Fields that name an object's type; a chunk's value ends in ``roots.CHUNK_SUFFIX``.
TYPE_NAMES = ("object",)


def plan_response(schemas: Schemas, stream: str, response: str) -> ResponsePlan:
    """The conversion of stream model ``stream``'s snapshot into model ``response``."""
    return _plan_pair(schemas, schemas.models[stream], schemas.models[response], ())


def _stream_only(source: Model, target_names: set[str], renames: dict[str, str], entry: bool) -> tuple[str, ...]:
    """The fields of ``source`` that ``to_response`` leaves out (see ``ResponsePlan.drop``)."""
    return tuple(
        f.wire_name
        for f in source.fields
        if renames.get(f.wire_name, f.wire_name) not in target_names
        and (f.wire_name in STREAM_ONLY or (entry and f.wire_name == "index"))
    )


def _target_models(schemas: Schemas, t: object) -> list[Model]:
    """The response models a field's type may hold (through lists, aliases and unions)."""
    if isinstance(t, AliasRef) and t.name in schemas.aliases:
        return _target_models(schemas, schemas.aliases[t.name].type)
    if isinstance(t, Array):
        return _target_models(schemas, t.item)
    if isinstance(t, UnionType):
        return [m for o in t.options for m in _target_models(schemas, o)]
    if isinstance(t, ModelRef) and t.name in schemas.models:
        return [schemas.models[t.name]]
    return []


def _plan_pair(
    schemas: Schemas, source: Model, target: Model, stack: tuple[tuple[str, str], ...], entry: bool = False
) -> ResponsePlan:
    """The plan of one object pair; ``entry`` when the source is an item of a list."""
    source_names = [f.wire_name for f in source.fields]
    target_fields = {f.wire_name: f for f in target.fields}
    renames = {}
    # ``delta`` is the answer's ``message``, else its ``content`` (Llama Stack's completion); a list entry's also
    # undeclared (SiliconFlow's chunks send a ``delta`` their schema lacks)
    held = (n for n in ("message", "content") if n in target_fields and (n == "message" or n not in source_names))
    dest = next(held, "")
    if ("delta" in source_names or entry) and dest and ("delta" not in target_fields or source is target):
        renames["delta"] = dest
    drop = _stream_only(source, set(target_fields), renames, entry)
    consts, nulls, required, blank, children, unsent = [], [], [], [], [], []
    for f in target.fields:
        if f.required and isinstance(f.type, Enum) and len(f.type.values) == 1:
            consts.append((f.wire_name, f.type.values[0]))
            continue
        if f.wire_name in TYPE_NAMES and isinstance(f.default, str) and f.default:  # Perplexity's chat.completion
            consts.append((f.wire_name, f.default))  # the answer's type by default, not a chunk's label
        src_name = next((s for s, d in renames.items() if d == f.wire_name and s in source_names), f.wire_name)
        src = next((g for g in source.fields if g.wire_name == src_name), None)
        if f.required and f.nullable:
            nulls.append(f.wire_name)
        elif f.required and src is None:
            unsent.append(f.wire_name)
        elif f.required:
            required.append(f.wire_name)
            if isinstance(f.type, Enum) and "" not in f.type.values:
                blank.append(f.wire_name)
        if src is None:
            continue
        src_models = _target_models(schemas, src.type)
        dst_models = _target_models(schemas, f.type)
        if len(src_models) != 1 or not dst_models or (src_models[0].name, f.wire_name) in stack:
            continue
        inner = stack + ((src_models[0].name, f.wire_name),)
        listed = isinstance(meaning(schemas, src.type), Array)
        if len(dst_models) == 1:
            children.append((f.wire_name, _plan_pair(schemas, src_models[0], dst_models[0], inner, listed)))
        else:  # a union of response models: keep the item, drop the mechanics no variant has
            known = {g.wire_name for m in dst_models for g in m.fields}
            stream_only = _stream_only(src_models[0], known, {}, listed)
            children.append((f.wire_name, ResponsePlan(drop=stream_only, fills=_fills(src_models[0], dst_models))))
    fills = tuple((k, v) for k, v in _fills(source, [target]) if k not in dict(consts))
    suffixes = tuple(
        (name, CHUNK_SUFFIX)
        for name in TYPE_NAMES
        if name in source_names and name not in dict(consts)  # declared by the response or not (TGI's)
    )
    return ResponsePlan(
        tuple(renames.items()),
        drop,
        tuple(consts),
        fills,
        tuple(nulls),
        tuple(required),
        tuple(blank),
        tuple(children),
        suffixes,
        tuple(unsent),
    )


def _fills(source: Model, targets: list[Model]) -> tuple[tuple[str, object], ...]:
    """The stream's single-value fields (``type: function``) with their value, where a target admits it."""

    def admits(name: str, value: object) -> bool:
        fields = (g for t in targets for g in t.fields if g.wire_name == name)
        return any(not isinstance(g.type, Enum) or value in g.type.values for g in fields)

    return tuple(
        (f.wire_name, f.type.values[0])
        for f in source.fields
        if isinstance(f.type, Enum) and len(f.type.values) == 1 and admits(f.wire_name, f.type.values[0])
    )


def finish_fields(schemas: Schemas, root: NodePlan) -> tuple[tuple[FieldPlan, ...], ...]:
    """The fields that say a chunk stream has ended (``acc.finished``), as paths of field plans from
    the root: strings named by a word of the end and ``reason`` (``finish_reason``), then booleans
    named by such a word (``done``); on the chunk, its keyed lists' entries (every entry has one) or the
    objects it merges (Llama Stack's ``event.stop_reason``)."""
    ends = STAGE_WORDS[Stage.FINAL]
    reasons: list[tuple[FieldPlan, ...]] = []
    flags: list[tuple[FieldPlan, ...]] = []
    kinds = (Policy.BY_KEY, Policy.MERGE)
    places = [((), root)] + [((f,), f.node) for f in root.fields if f.policy in kinds and f.node is not None]
    for steps, node in places:
        for f in node.fields:
            said = set(words(f.field.wire_name))
            if f.policy not in (Policy.LAST, Policy.SET) or not said & ends:
                continue
            t = meaning(schemas, f.field.type)
            if "reason" in said and (isinstance(t, Enum) or (isinstance(t, Prim) and t.kind == "str")):
                reasons.append((*steps, f))
            elif isinstance(t, Prim) and t.kind == "bool":
                flags.append((*steps, f))
    return (*reasons, *flags)


def unsent_warnings(plan: ResponsePlan, root: str, response: str) -> list[SpecWarning]:
    """A warning per field ``response`` requires that chunk root ``root`` never declares (``unsent``)."""
    return [SpecWarning(RESPONSE_UNSENT, f"{root} -> {response} {path}") for path in plan.unsent_paths()]
