"""Render: the IR and plans in, one module's source text per style out (Jinja): the template
context (merge states from ``render_merge``, event folds from ``render_events``, all a style
writes differently from its emitter, ``styles.emitter``), the style's template rendered
(``template_env``), and the imports its code loads (``imports``). Every spec string reaches
the templates as a literal (``pytypes.literal``, ``pytypes.docstring``), never as template source.
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import __version__, pytypes, runtime_files
from .event_vocabulary import EventPlan
from .imports import IMPORTS_MARK, import_key, import_line, import_lines, isort_key, parse_tree
from .merge_plan import NodePlan
from .model import Alias, Enum, Field, Model, Schemas, UnionType, referenced_names
from .naming import parse_function
from .naming.code import keys_constant
from .options import regenerate_line
from .render_events import events_view
from .render_merge import merge_view, root_view, validate_function
from .response_plan import ResponsePlan
from .styles import STYLES, runtime_parts
from .styles.base import Emitter
from .styles.emitters import emitter
from .template_env import check_template_dir, environment, render_template, template_names, templates_dir

#: What the rest of gen-models (and its tests) take from here (the template functions: ``template_env``'s).
__all__ = [
    "Generation",
    "check_template_dir",
    "environment",
    "names_loaded",
    "render",
    "template_names",
    "templates_dir",
]


@dataclass
class Generation:
    """Everything one module needs: the IR, the plans, and how it was asked for."""

    schemas: Schemas
    plans: dict[str, NodePlan]  # root name -> merge plan
    responses: dict[str, ResponsePlan]  # root name -> conversion into its response
    command: str  # how to regenerate, shown in the header
    spec_display: str  # the spec's path as shown in the header
    target_python: tuple[int, int] = (3, 10)
    runtime_package: bool = True  # the runtime imported from the package beside the modules
    event_plans: dict[str, EventPlan] = field(default_factory=dict)  # union root -> its fold
    styles: tuple[str, ...] = STYLES  # every style generated in this run (what _runtime.py serves)
    template_dir: Path | None = None  # the user's templates, before ours (--custom-template-dir)


def render(gen: Generation, style: str) -> str:
    """The source of the ``style`` module (not yet formatted). Its imports are made last, from
    the names it loads: the runtime's from the package beside it (``runtime_files.PACKAGE``),
    or with ``--runtime inline`` the runtime modules it needs put in it by its template."""
    env = environment(gen.template_dir.resolve() if gen.template_dir is not None else None)
    style_emitter = emitter(style)
    context = _context(gen, style_emitter)
    parts = runtime_parts((style,))  # the style-owned runtime parts
    here = runtime_files.needed(
        chunks=bool(gen.schemas.roots),
        events=bool(gen.event_plans),
        pydantic="pydantic" in parts,
        msgspec="msgspec" in parts,
        parsing=style if style_emitter.traits.own_parse_error else None,  # parsers as functions
        patterns=any(m.patterns for m in gen.schemas.models.values()),
        streams=bool(gen.schemas.roots or gen.schemas.union_roots),
    )
    inlined = () if gen.runtime_package else here  # else imported from the package beside the module
    texts = {
        block: "\n\n".join(runtime_files.inlined(name, gen.target_python) for name in names if name in inlined)
        for block, names in runtime_files.BLOCKS.items()
    }
    # the runtime goes in after the names are found: its own are known
    context["runtime"] = {block: _RUNTIME_MARK.format(block) if text else "" for block, text in texts.items()}
    source = render_template(env, f"{style}.py.jinja", context, gen.template_dir)
    used = names_loaded(source) | context["names_in_strings"]
    for block, text in texts.items():
        if text and _RUNTIME_MARK.format(block) in source:  # a custom template may leave a block out
            used.update(
                *(_runtime_names(name, gen.target_python) for name in runtime_files.BLOCKS[block] if name in here)
            )
            source = source.replace(_RUNTIME_MARK.format(block), text, 1)
    home = runtime_files.home_of(here) if gen.runtime_package else {}
    shared: dict[str, list[str]] = {}  # runtime module -> the names imported from it
    for name in sorted(used | set(context["all_names"])):
        if name in home:
            shared.setdefault(home[name], []).append(name)
    lines = import_lines(gen.target_python, used - set(home))
    lines += [""] * bool(lines and shared) + [
        import_line(f".{runtime_files.PACKAGE}.{module}", sorted(names, key=import_key))
        for module, names in sorted(shared.items())
    ]
    mark = IMPORTS_MARK + ("\n\n" if not lines and IMPORTS_MARK + "\n\n" in source else "\n")  # none: blank goes (I001)
    return source.replace(mark, "".join(f"{line}\n" for line in lines), 1)


#: The line a runtime block's text replaces once the module's names are found.
_RUNTIME_MARK = "# gen-models: the runtime's {} block goes here"


@functools.cache
def _runtime_names(name: str, target: tuple[int, int]) -> frozenset[str]:
    """The names runtime module ``name``'s inlined text (for Python ``target``) loads."""
    return frozenset(names_loaded(runtime_files.inlined(name, target)))


def names_loaded(source: str) -> set[str]:
    """The names ``source``'s code loads (``ast.Name`` in load context): its imports' source.
    Walked with a stack (2-3x faster than ``ast.walk`` on a large module)."""
    names: set[str] = set()
    stack: list[ast.AST] = [parse_tree(source)]
    while stack:
        node = stack.pop()
        if type(node) is ast.Name:
            if type(node.ctx) is ast.Load:
                names.add(node.id)
            continue
        for name in node._fields:
            value = getattr(node, name, None)
            if type(value) is list:
                stack.extend(item for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                stack.append(value)
    return names


def _context(gen: Generation, style: Emitter) -> dict[str, Any]:
    s = gen.schemas
    enum_aliases = [a for a in s.aliases.values() if isinstance(a.type, Enum)]
    other_aliases = [a for a in s.aliases.values() if not isinstance(a.type, Enum)]
    lazy = _lazy_aliases(other_aliases)
    pep695 = gen.target_python >= (3, 12)  # `type X = ...` and generic functions with [T]
    traits = style.traits
    # before 3.12 the dataclass style holds a recursive alias as a string
    strings = frozenset(lazy) if not pep695 and not traits.resolves_string_aliases else frozenset()
    parsers = pytypes.Parsers(style, gen.target_python, strings)
    merged_models = {n.model.name for plan in gen.plans.values() for n in plan.walk()}
    models = [_model_view(m, style, m.name in merged_models, parsers) for m in s.models.values()]
    roots = [root_view(gen, name, style) for name in s.roots]
    readers = roots if len(roots) > 1 else []  # a typed reader per root where there are several
    streams = bool(s.roots or s.union_roots)
    event_targets = [p.target_class for p in gen.event_plans.values()]  # the responses the unions fold into
    targets = list(dict.fromkeys([*s.roots, *s.responses.values(), *s.union_roots, *event_targets]))
    public_parsers = _public_parsers(s, set(targets), style, parsers)
    events = events_view(
        list(gen.event_plans.values()),
        parse_functions={target: validate_function(gen, target, style) for target in event_targets},
        class_names={p.root: union for union, p in gen.event_plans.items()},
    )
    public = (
        [a.name for a in enum_aliases]
        + [m.name for m in s.models.values()]
        + [a.name for a in other_aliases]
        + [r["parse_fn"] for r in roots]
        + [r["response_parse_fn"] for r in roots if r["response"]]
        + [parse_function(s, name) for name in s.union_roots]
        + [r["accumulator"] for r in roots]
        + [parse_function(s, target) for target in event_targets]
        + events["public"]
        + (["Anomaly", "StreamMergeError"] if roots or events["unions"] else [])
        + (["StreamError", "StreamFormatError", "iter_chunk_dicts", "aiter_chunk_dicts"] if streams else [])
        + (["iter_chunks", "aiter_chunks"] if roots else [])
        + [name for r in readers for name in (r["reader"], "a" + r["reader"])]
        + style.public_names([r["parse_fn"] for r in roots])
        + (["ParseError"] if traits.own_parse_error else [])
        + [p["fn"] for p in public_parsers]
    )
    # names used only inside annotations held as strings
    names_in_strings = style.names_in_strings(list(s.models.values()))
    for a in other_aliases:
        if a.name in lazy and not pep695:
            # the names the string names (``typing`` for a ``typing.Union`` of string aliases)
            text = style.annotation(a.value_type, target=parsers.target, strings=strings)
            wanted = style.annotation_names(a.type) if traits.resolves_string_aliases else {"Any", "Literal"}
            names_in_strings |= set(re.findall(r"[A-Za-z_]\w*", text)) & (wanted | {"typing"})
    views: dict[str, Any] = {
        "style": style.name,
        "header": [  # every spec-derived part a ``repr`` (one line, escaped)
            f"# Generated by gen-models {__version__} ({style.name} style); do not edit by hand.",
            f"# Source: {gen.spec_display!r}, info.title {s.title!r}, info.version {s.version!r}",
            f"# sha256 of the source: {s.sha256}",
            regenerate_line(gen.command),
        ],
        "module_doc": _module_doc(gen, style),
        "imports": [IMPORTS_MARK],
        "names_in_strings": names_in_strings,
        "all_names": sorted(dict.fromkeys(public), key=isort_key),
        "enum_aliases": [_alias_view(a, style, False, parsers, pep695) for a in enum_aliases],
        "other_aliases": [_alias_view(a, style, a.name in lazy, parsers, pep695) for a in other_aliases],
        "pep695": pep695,
        "models": models,
        "roots": roots,
        "parse_targets": [_parse_target(s, name) for name in targets],
        "public_parsers": public_parsers,
        "merge": merge_view(gen, style, roots),
        "events": events,
        "sse": roots[0] if roots else None,
        "readers": readers,
        "union_roots": list(s.union_roots),
        "event_tags": tuple(sorted({p.tag for p in gen.event_plans.values()})) or ("type",) * bool(s.union_roots),
        "event_frames": any(p.frames for p in gen.event_plans.values()),
        "streams": streams,
        "stream_formats": s.stream_formats,
        "error_name": traits.error_name,
        "parser_definitions": parsers.definitions,
    }
    return views | style.context(s, lazy, views)


def _module_doc(gen: Generation, style: Emitter) -> str:
    s = gen.schemas
    kind, source = style.traits.label, f"from {s.title} {s.version}"
    unions = ", ".join(f"``{u}``" for u in s.union_roots)
    parse = ", ".join(f"``{parse_function(s, u)}``" for u in s.union_roots)
    if s.roots:
        what = (
            f"{kind} stream models for {', '.join(f'``{r}``' for r in s.roots)}, {source}, with an accumulator\n"
            "per root (``<Root>Accumulator``) and a stream reader (``iter_chunks``).\n"
        ) + (f"Event unions: {unions}, parsed by {parse}.\n" if s.union_roots else "")
    elif s.union_roots:
        what = (
            f"{kind} stream models for {unions}, {source}: {parse}\n"
            "picks the member an event's data fits; ``iter_chunk_dicts`` reads the stream.\n"
        )
    else:
        what = f"{kind} models {source}.\n"
    needs = style.traits.dependency(gen.target_python)
    text = what + (
        f"Needs {needs}, and ``{runtime_files.PACKAGE}`` beside it."
        if gen.runtime_package
        else f"Self-contained: this module needs {needs}."
    )
    if s.renames:  # every class or alias whose name is not its component's, findable by either
        lines = [f"* ``{name}``: {note[:1].lower()}{note[1:]}" for name, note in s.renames]
        text += "\n\nNamed otherwise than their components:\n\n" + "\n".join(lines)
    return pytypes.docstring(text)


def _doc(
    x: Field | Model | Alias, t: Any = None, notes: tuple[str, ...] = (), positions: str | None = None, indent: int = 0
) -> str | None:
    """A schema's or a field's docstring: its description with the notes the spec adds
    (deprecated, enum value names of ``t``, ``notes``: sentences after a one-line description,
    paragraphs after a longer one), then ``positions``; None when there is nothing to say."""
    text = (x.description or "").strip()
    added = list(notes)
    if isinstance(t, Enum) and t.names and not t.alias:
        added.insert(0, f"Values: {', '.join(t.names)}.")  # x-enum-varnames / x-enumNames
    first = ["Deprecated."] if x.deprecated else []
    doc = ("\n\n" if "\n" in text else " ").join([*first, *([text] if text else []), *added])
    doc = "\n\n".join(p for p in (doc, positions) if p)
    return pytypes.docstring(doc, indent) if doc else None


def _field_view(f: Field, style: Emitter, parsers: pytypes.Parsers) -> dict[str, Any]:
    ann = style.annotation(f.value_type, not f.required, parsers.target, parsers.strings)
    return {
        "py": f.py_name,
        "wire": f.wire_name,
        "doc": _doc(f, f.type, positions=style.tuple_positions(f.type, parsers.target), indent=4),
        "required": f.required,
        "nullable": f.nullable,
        "parser": parsers.of(f.value_type) if f.required else parsers.of(f.type),
    } | style.field(f, ann, pytypes.literal(f.wire_name))


def _model_view(m: Model, style: Emitter, merged: bool, parsers: pytypes.Parsers) -> dict[str, Any]:
    fields = [_field_view(f, style, parsers) for f in m.fields]
    # the spec's defaults, for the docstring (not applied: a chunk leaving a field out did not send it)
    defaults = ", ".join(f"``{f.py_name}={f.default!r}``" for f in m.fields if f.has_default)
    keys = keys_constant(m.name)
    ann = functools.partial(style.annotation, target=parsers.target, strings=parsers.strings)
    extra_typed = m.extra is not None or bool(m.patterns)
    extra_ann, extra_parser = "Any", ""
    extra_parse = f"{{}} if {keys}.issuperset(d) else _extras(d, {keys})"  # no unknown field, the common case
    if m.extra_type is not None:
        extra_ann = ann(m.extra_type)
        extra_parser = parsers.of(m.extra_type)
        extra_parse = f"_extras(d, {keys}, {extra_parser})"
    if m.patterns:  # each extra key by the patterns it matches
        extra_parse = f"_pattern_extras(d, {keys}, {pytypes.pattern_rules(m, parsers.of)})"
    return {
        "name": m.name,
        "keys_const": keys,
        "doc": _doc(m, notes=(f"Spec defaults, not applied: {defaults}.",) if defaults else (), indent=4),
        "fields": fields,
        "extra_ann": extra_ann,
        "extra_typed": extra_typed,
        # read by pydantic's ``_by_pattern``
        "pattern_rules": f"({pytypes.pattern_rules(m, ann)})" if m.patterns else "",
        "extras_check": extra_parse if extra_typed else "",
        "extra_noqa": pytypes.noqa(extra_ann),
        "extras_parse": extra_parse,
        "extra_parser": extra_parser,
        "known": pytypes.frozenset_literal(f.wire_name for f in m.fields),
        "needs_keys": (merged or (style.traits.keys_for_extra and extra_typed)) and not style.traits.reads_wire_names,
    } | style.model_view(m)


def _lazy_aliases(aliases: list[Alias]) -> set[str]:
    """Aliases written as strings (evaluated lazily): those in a recursion, and those whose
    value refers to such an alias (an expression like ``Lazy | None`` cannot run at import)."""
    lazy = {a.name for a in aliases if a.recursive or pytypes.closes_recursion(a.type)}
    while more := {a.name for a in aliases if a.name not in lazy and lazy & set(referenced_names(a.type))}:
        lazy |= more
    return lazy


def _alias_view(a: Alias, style: Emitter, lazy: bool, parsers: pytypes.Parsers, pep695: bool) -> dict[str, Any]:
    if isinstance(a.type, Enum):
        value = style.literal_text(a.type) or " | ".join(a.type.bases)
        if a.nullable and value != "None":  # the component admits null itself (``enum: [a, null]``)
            value += " | None"
    else:
        value = style.annotation(a.value_type, target=parsers.target, strings=parsers.strings)
    if pep695:
        definition = f"type {a.name} = {value}"  # PEP 695: evaluated lazily, recursion included
    elif lazy and style.traits.resolves_string_aliases:
        # a recursive alias is a string (evaluated lazily); pydantic resolves one only as a
        # TypeAliasType (PEP 695's runtime form), which ``X | None`` joins
        definition = f"{a.name} = TypeAliasType({pytypes.literal(a.name)}, {pytypes.literal(value)})"
    elif lazy:
        definition = f"{a.name}: TypeAlias = {pytypes.literal(value)}{pytypes.noqa(value)}"
    else:
        definition = f"{a.name}: TypeAlias = {value}"
    enum = replace(a.type, alias=None) if isinstance(a.type, Enum) else None
    return {
        "name": a.name,
        "value": value,
        "definition": definition,
        "doc": _doc(a, enum, positions=style.tuple_positions(a.type, parsers.target)),
        "parse": parsers.of(a.value_type),
    }


def _public_parsers(s: Schemas, defined: set[str], style: Emitter, parsers: pytypes.Parsers) -> list[dict[str, Any]]:
    """The public parse function of each component without one of its own (``defined``), one
    assignment each: ``fn``, ``target`` (class or alias; a synonym's is the type it reads as),
    ``annotation`` (may be ``""``) and ``expression`` (``Emitter.public_parser``)."""
    views = []
    for name, fn in s.parsers.items():
        if name in defined:
            continue
        target = s.synonyms.get(name, name)  # a component that reads as another's type parses as it
        annotation, expression = style.public_parser(target, s.aliases.get(target), parsers)
        views.append({"fn": fn, "target": target, "annotation": annotation, "expression": expression})
    return views


def _parse_target(s: Schemas, name: str) -> dict[str, Any]:
    """A class or union root with a parse function; ``fallback``: the member a union root parses
    a tag it does not list as (``union_fallbacks``), or None."""
    t = s.aliases[name].type if name in s.union_roots and name in s.aliases else None
    fallback = t.discriminator.fallback if isinstance(t, UnionType) and t.discriminator is not None else None
    return {"model": name, "parse_fn": parse_function(s, name), "union": name in s.union_roots, "fallback": fallback}
