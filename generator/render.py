"""Render: the IR and merge plans in, one module's source text per style out (Jinja).

Templates live in ``templates/`` (shipped inside the wheel as ``generator/templates``).
They only lay code out: every type string and expression comes from ``pytypes``, and every
string taken from the spec reaches them as a literal built by ``pytypes.literal`` or
``pytypes.docstring``. Jinja never sees spec text as template source.
"""

from __future__ import annotations

import ast
import keyword
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from . import __version__, cache, msgspec_style, naming, pytypes, runtime
from .cache import template_cache
from .errors import SpecError, did_you_mean
from .event_plan import EventPlan
from .fingerprint import MSGSPEC_RUNTIME_FILE, PYDANTIC_RUNTIME_FILE, RUNTIME_FILE
from .format import parse_tree, split_header
from .merge_plan import FieldPlan, NodePlan, ResponsePlan, meaning
from .model import (
    Alias,
    Array,
    Enum,
    Field,
    Map,
    Model,
    ModelRef,
    Schemas,
    Tuple,
    UnionType,
    referenced_names,
)
from .naming import RESERVED_ATTRIBUTES, parse_function, snake_name
from .render_events import events_view
from .styles import STYLES, TRAITS, Style, Traits


def templates_dir() -> Path:
    """``generator/templates`` in an installed wheel, else ``templates/`` of the checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "templates", here.parent / "templates"):
        if (candidate / "dataclass.py.jinja").is_file():
            return candidate
    raise FileNotFoundError("gen-models templates not found next to the generator package")  # pragma: no cover


def template_names() -> list[str]:
    """The shipped templates, by the name a custom template directory overrides them with."""
    return sorted(p.name for p in templates_dir().glob("*.jinja"))


def check_template_dir(directory: Path) -> None:
    """A custom template directory (``--custom-template-dir``) must exist, and each
    ``*.py.jinja`` in it must be named after a template of ours (a misspelt override would
    otherwise be ignored without a word). Other files (``*.jinja`` helpers to include) are
    allowed.

    Raises:
        SpecError: it is not a directory, or names a template we do not have.
    """
    if not directory.is_dir():
        raise SpecError("custom template directory: not a directory", directory)
    ours = template_names()
    for path in sorted(directory.glob("*.py.jinja")):
        if path.name not in ours:
            raise SpecError(
                f"not a gen-models template{did_you_mean(path.name, ours)} (templates: {', '.join(ours)}; "
                "see docs/templates.md)",
                path,
            )


@lru_cache(maxsize=4)
def environment(custom_dir: Path | None = None) -> jinja2.Environment:
    """The Jinja environment: strict undefined names, no autoescape (Python, not HTML).
    With ``custom_dir`` (``--custom-template-dir``), a template there overrides ours of the
    same name, also where another template includes or imports it."""
    search = [str(custom_dir)] if custom_dir is not None else []
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*search, str(templates_dir())]),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=template_cache(),
    )
    env.filters["pyrepr"] = pytypes.literal
    return env


@dataclass
class Generation:
    """Everything one module needs: the IR, the plans, and how it was asked for."""

    schemas: Schemas
    plans: dict[str, NodePlan]  # root name -> merge plan
    responses: dict[str, ResponsePlan]  # root name -> conversion into its response
    command: str  # how to regenerate, shown in the header
    spec_display: str  # the spec's path as shown in the header
    target_python: tuple[int, int] = (3, 10)
    runtime_package: bool = False  # the runtime in one ``_runtime.py`` beside the modules
    event_plans: dict[str, EventPlan] = field(default_factory=dict)  # union root -> its fold
    styles: tuple[str, ...] = STYLES  # every style generated in this run (what _runtime.py serves)
    template_dir: Path | None = None  # the user's templates, before ours (--custom-template-dir)
    use_cache: bool = True  # keep what later runs can reuse (cache.py); False: --no-cache


#: The modules a package of generated modules shares the runtime from (``--runtime package``):
#: the standard-library part, and the pydantic style's part (so that the other styles' modules
#: never need pydantic).
RUNTIME_MODULE = RUNTIME_FILE.removesuffix(".py")
PYDANTIC_RUNTIME_MODULE = PYDANTIC_RUNTIME_FILE.removesuffix(".py")
MSGSPEC_RUNTIME_MODULE = MSGSPEC_RUNTIME_FILE.removesuffix(".py")


def _runtime_file(name: str) -> str:
    """The shared runtime file a runtime module goes into (``--runtime package``)."""
    if name in runtime.MSGSPEC_MODULES:
        return MSGSPEC_RUNTIME_MODULE
    return PYDANTIC_RUNTIME_MODULE if name in runtime.PYDANTIC_MODULES else RUNTIME_MODULE


def render(gen: Generation, style: str) -> str:
    """The source of the ``style`` module (not yet formatted by black).

    Imports are decided last, from the names the rendered module actually uses (its AST),
    so a module imports exactly what it needs whatever the spec holds. With
    ``gen.runtime_package`` the runtime is imported from the shared files instead of inlined.
    """
    env = environment(gen.template_dir.resolve() if gen.template_dir is not None else None)
    context = _context(gen, style)
    here = _runtime_modules(gen, (style,), "_tuple_of(" in " ".join(context["parser_definitions"].values()))
    inline = [name for name in here if name in runtime.PER_MODULE or not gen.runtime_package]
    context["runtime"] = {
        block: "\n\n".join(runtime.inlined(name, context["pep695"]) for name in names if name in inline)
        for block, names in runtime.BLOCKS.items()
    }
    if gen.template_dir is None:
        source = env.get_template(f"{style}.py.jinja").render(**context)
    else:
        source = _render_custom(gen.template_dir, env, f"{style}.py.jinja", context)
    used = names_loaded(source, gen.use_cache) | context["names_in_strings"]
    wanted = used | set(context["all_names"])
    shared: dict[str, list[str]] = {}
    for name in [name for name in here if name not in inline] if gen.runtime_package else ():
        target = _runtime_file(name)
        shared.setdefault(target, []).extend(sorted(runtime.defined_names(name) & wanted))
    imports = _imports(gen, style, used - {n for names in shared.values() for n in names})
    local = [
        f"from .{target} import {', '.join(sorted(names, key=_import_key))}"
        for target, names in sorted(shared.items())
        if names
    ]
    imports += [""] + local if local else []
    return source.replace(_IMPORTS_MARK + "\n", "\n".join(imports) + "\n", 1)


def _render_custom(directory: Path, env: jinja2.Environment, name: str, context: dict[str, Any]) -> str:
    """Render with the user's templates first: their mistakes (Jinja syntax, an unknown
    context name, Python that does not parse) are bad input naming the template, not a bug
    of ours.

    Raises:
        SpecError: as above.
    """
    try:
        source = env.get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise SpecError(f"template syntax error: {exc.message}", Path(exc.filename or name), None, exc.lineno) from None
    except jinja2.TemplateError as exc:
        raise SpecError(f"custom template failed while rendering {name}: {exc}", directory) from None
    try:
        parse_tree(source)
    except SyntaxError as exc:
        raise SpecError(
            f"with these templates the {name} module is not valid Python (line {exc.lineno}: {exc.msg})", directory
        ) from None
    return source


def render_runtime(gen: Generation) -> dict[str, str]:
    """The shared runtime files of a package of generated modules (``--runtime package``):
    ``{file name: source}``, ``_runtime.py`` (standard library only) and, for the pydantic
    and msgspec styles, their own file. Every runtime module of a file goes in, whatever the
    spec needs: the same bytes from every run, so modules of several specs (a chat module,
    a Responses one) share one package."""
    modules = runtime.needed(
        chunks=True, events=True, pydantic="pydantic" in gen.styles, msgspec="msgspec" in gen.styles
    )
    files: dict[str, list[str]] = {}
    for name in modules:
        files.setdefault(_runtime_file(name), []).append(name)
    return {f"{name}.py": _runtime_source(gen, parts) for name, parts in files.items() if parts}


def _runtime_source(gen: Generation, parts: list[str]) -> str:
    body = "\n\n".join(runtime.inlined(name, gen.target_python >= (3, 12)) for name in parts)
    header = [
        f"# Generated by gen-models {__version__}; do not edit by hand.",
        "# The runtime of the generated modules beside it (--runtime package): the same for every spec.",
    ]
    doc = pytypes.docstring(
        "Runtime shared by the generated modules beside this file (gen-models' generator/runtime:\n"
        + ", ".join(parts)
        + ")."
    )
    source = "\n".join(header) + f"\n{doc}\n\nfrom __future__ import annotations\n\n{_IMPORTS_MARK}\n\n\n{body}"
    used = names_loaded(source, gen.use_cache)
    return source.replace(_IMPORTS_MARK + "\n", "\n".join(_imports(gen, "runtime", used)) + "\n", 1)


#: The cache's kind for ``names_loaded``: a new one whenever what it derives changes.
_NAMES = "names-1"


def names_loaded(source: str, use_cache: bool = True) -> set[str]:
    """The names ``source``'s code loads (``ast.Name`` in load context): what a module's
    imports are made from. Parsing and walking a module takes ~70 ms, so the set is kept in
    the cache by the text it came from (``cache.remember``), the header's comment lines
    left out (they name the output path): a run that renders the same module again (the
    same spec, options and gen-models, any output directory) skips both."""
    _, key = split_header(source)
    if use_cache and (kept := cache.recall(_NAMES, key)) is not None:
        return set(kept)
    names = {n.id for n in ast.walk(parse_tree(source)) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    if use_cache:
        cache.remember(_NAMES, key, sorted(names))
    return names


def _runtime_modules(gen: Generation, styles: tuple[str, ...], tuples: bool) -> tuple[str, ...]:
    """The runtime modules the modules of ``styles`` need (see ``runtime.needed``); ``tuples``
    when their parsers read a list by position."""
    return runtime.needed(
        chunks=bool(gen.schemas.roots),
        events=bool(gen.event_plans),
        pydantic="pydantic" in styles,
        msgspec="msgspec" in styles,
        parsing=next((style for style in styles if TRAITS[style].own_parse_error), None),  # parsers as functions
        tuples=tuples,
    )


_IMPORTS_MARK = "# <gen-models: imports>"

#: Where each name a module may use comes from (TypedDict names depend on the target).
_SOURCES = {
    "AsyncIterable": "collections.abc",
    "AsyncIterator": "collections.abc",
    "Callable": "collections.abc",
    "Iterable": "collections.abc",
    "Iterator": "collections.abc",
    "Mapping": "collections.abc",
    "dataclass": "dataclasses",
    "field": "dataclasses",
    "asdict": "dataclasses",
    "fields": "dataclasses",
    "is_dataclass": "dataclasses",
    "Annotated": "typing",
    "Any": "typing",
    "ClassVar": "typing",
    "TYPE_CHECKING": "typing",
    "Literal": "typing",
    "TypeAlias": "typing",
    "TypeVar": "typing",
    "re": "import",
    "cast": "typing",
    "BaseModel": "pydantic",
    "ConfigDict": "pydantic",
    "Discriminator": "pydantic",
    "Field": "pydantic",
    "BeforeValidator": "pydantic",
    "Strict": "pydantic",
    "GetCoreSchemaHandler": "pydantic",
    "CoreSchema": "pydantic_core",
    "core_schema": "pydantic_core",
    "Tag": "pydantic",
    "TypeAdapter": "pydantic",
    "ValidationError": "pydantic",
    "ContextVar": "contextvars",
    "types": "import",
    "typing": "import",
    "msgspec": "import",
}


def _imports(gen: Generation, style: str, used: set[str]) -> list[str]:
    sources = dict(_SOURCES)
    # pydantic validates TypedDicts only from typing_extensions before Python 3.12
    sources["TypedDict"] = "typing" if gen.target_python >= (3, 12) else "typing_extensions"
    sources["NotRequired"] = "typing" if gen.target_python >= (3, 11) else "typing_extensions"
    sources["TypeAliasType"] = "typing" if gen.target_python >= (3, 12) else "typing_extensions"
    by_module: dict[str, list[str]] = {}
    for name, module in sources.items():
        if name in used and module != "import":
            by_module.setdefault(module, []).append(name)
    stdlib = [f"import {m}" for m in ("json", "re", "types", "typing") if m in used]
    third_party: list[str] = []
    for module in sorted(by_module):
        line = f"from {module} import {', '.join(sorted(by_module[module], key=_isort_key))}"
        (third_party if module in ("pydantic", "pydantic_core", "typing_extensions") else stdlib).append(line)
    if "msgspec" in used:
        third_party.insert(0, "import msgspec")
    return stdlib + ([""] + third_party if third_party else [])


# --------------------------------------------------------------------------- context


def _context(gen: Generation, style: str) -> dict[str, Any]:
    s = gen.schemas
    enum_aliases = [a for a in s.aliases.values() if isinstance(a.type, Enum)]
    other_aliases = [a for a in s.aliases.values() if not isinstance(a.type, Enum)]
    lazy = _lazy_aliases(other_aliases)
    pep695 = gen.target_python >= (3, 12)  # `type X = ...` and generic functions with [T]
    traits = TRAITS[style]
    # before 3.12 the dataclass style holds a recursive alias as a string
    strings = frozenset(lazy) if not pep695 and not traits.resolves_string_aliases else frozenset()
    parsers = pytypes.Parsers(style, gen.target_python, strings)
    merged_models = {n.model.name for plan in gen.plans.values() for n in plan.walk()}
    models = [
        _model_view(m, style, m.name in merged_models or (traits.keys_for_extra and m.extra is not None), parsers)
        for m in s.models.values()
    ]
    roots = [_root_view(gen, name, style) for name in s.roots]
    merge = _merge_view(gen, style)
    unknown_event = _unknown_event_name(s)
    events = events_view(
        list(gen.event_plans.values()),
        parse_functions={
            p.target_class: _validate_function(gen, p.target_class, style) for p in gen.event_plans.values()
        },
        class_names={p.root: union for union, p in gen.event_plans.items()},
    )
    error_name = traits.error_name
    public = (
        [a.name for a in enum_aliases]
        + [m.name for m in s.models.values()]
        + [a.name for a in other_aliases]
        + [r["parse_fn"] for r in roots]
        + [r["response_parse_fn"] for r in roots if r["response"]]
        + [parse_function(s, name) for name in s.union_roots]
        + [r["accumulator"] for r in roots]
        + [parse_function(s, target) for target in _event_targets(gen)]
        + ([unknown_event] if unknown_event else [])
        + events["public"]
        + (["Anomaly", "StreamMergeError"] if roots or events["unions"] else [])
        + [
            "StreamError",
            "StreamFormatError",
            "ServerSentEvent",
            "iter_sse",
            "aiter_sse",
            "iter_chunk_dicts",
            "aiter_chunk_dicts",
        ]
        + (["iter_chunks", "aiter_chunks"] if roots else [])
        + ([r["parse_fn"].replace("parse_", "decode_", 1) for r in roots] if style == Style.MSGSPEC else [])
    )
    if traits.own_parse_error:
        public.append("ParseError")
    names_in_strings: set[str] = set()  # names used only inside annotations held as strings
    for m in s.models.values():
        if style == Style.TYPEDDICT and _functional(m):  # the functional syntax: annotations as strings
            for f in m.fields:
                names_in_strings |= pytypes.uses(f.type) & {"Any", "Literal"}
    for a in other_aliases:
        if a.name in lazy and not pep695:
            # the names the string names (``typing`` for a ``typing.Union`` of string aliases)
            text = pytypes.annotation(a.value_type, style, target=parsers.target, strings=strings)
            wanted = pytypes.uses(a.type) if traits.resolves_string_aliases else {"Any", "Literal"}
            names_in_strings |= set(re.findall(r"[A-Za-z_]\w*", text)) & (wanted | {"typing"})
    return {
        "style": style,
        "header": _header(gen, style),
        "module_doc": _module_doc(gen, style),
        "imports": [_IMPORTS_MARK],
        "names_in_strings": names_in_strings,
        "all_names": sorted(dict.fromkeys(public), key=_isort_key),
        "enum_aliases": [_alias_view(a, style, False, parsers, pep695) for a in enum_aliases],
        "other_aliases": [_alias_view(a, style, a.name in lazy, parsers, pep695) for a in other_aliases],
        "pep695": pep695,
        "models": models,
        "roots": roots,
        "parse_targets": [
            {
                "model": name,
                "parse_fn": parse_function(gen.schemas, name),
                "union": name in s.union_roots,
                **_tags_view(s, name),
            }
            for name in dict.fromkeys([*s.roots, *s.responses.values(), *s.union_roots, *_event_targets(gen)])
        ],
        "unknown_event": unknown_event,
        "merge": merge,
        "events": events,
        "sse": roots[0] if roots else None,
        "union_roots": list(s.union_roots),
        "error_name": error_name,
        "parser_definitions": parsers.definitions,
        "uses_exact_int": any(
            f"BeforeValidator({pytypes.EXACT_INT})" in text
            for text in [f["decl"] for m in models for f in m["fields"]]
            + [m["extra_ann"] for m in models]
            + [pytypes.annotation(a.type, style) for a in s.aliases.values()]
            + [pytypes.literal_text(a.type, style) for a in enum_aliases if isinstance(a.type, Enum)]
        ),
        "uses_tuple_tail": any(
            f"{pytypes.TUPLE_TAIL}(" in text
            for text in [f["decl"] for m in models for f in m["fields"]]
            + [m["extra_ann"] for m in models]
            + [pytypes.annotation(a.type, style) for a in s.aliases.values()]
        ),
        "uses_tag": any("_tag(" in f["decl"] for m in models for f in m["fields"])
        or any("_tag(" in pytypes.annotation(a.type, style) for a in other_aliases),
    } | (msgspec_style.context(s, lazy, models, other_aliases, roots) if style == Style.MSGSPEC else {})


def _header(gen: Generation, style: str) -> list[str]:
    """Comment lines; every spec-derived part is a ``repr`` (one line, escaped)."""
    s = gen.schemas
    command = gen.command if gen.command.isprintable() else pytypes.literal(gen.command)
    return [
        f"# Generated by gen-models {__version__} ({style} style); do not edit by hand.",
        f"# Source: {pytypes.literal(gen.spec_display)}, info.title {pytypes.literal(s.title)}, info.version {pytypes.literal(s.version)}",
        f"# sha256 of the source: {s.sha256}",
        f"# Regenerate with: {command}",
    ]


def _module_doc(gen: Generation, style: str) -> str:
    s = gen.schemas
    kind = TRAITS[style].label
    roots = ", ".join(f"``{r}``" for r in s.roots)
    what = (
        f"{kind} stream models for {roots}, from {s.title} {s.version}.\n\n"
        "Also here: an accumulator per root that merges a stream's chunks into one snapshot\n"
        "(``<Root>Accumulator``), and a server-sent-events reader (``iter_chunks``).\n"
        if s.roots
        else f"{kind} models from {s.title} {s.version}, with a server-sent-events reader.\n"
    )
    if s.union_roots:
        unions = ", ".join(f"``{u}``" for u in s.union_roots)
        parse = ", ".join(f"``{parse_function(s, u)}``" for u in s.union_roots)
        what = (
            f"{kind} stream models for {unions}, from {s.title} {s.version}.\n\n"
            f"{parse} picks the member an event's data fits; ``iter_chunk_dicts`` reads the\n"
            "server-sent events (named events included).\n"
            if not s.roots
            else what + f"Event unions: {unions}, parsed by {parse}.\n"
        )
    text = what + f"Self-contained: this module needs {TRAITS[style].dependency(gen.target_python)}."
    return pytypes.docstring(text)


def _doc_text(description: str | None, deprecated: bool, default: Any, has_default: bool, t: Any = None) -> str | None:
    """A schema's or a field's documentation: its description with the notes the spec adds
    (deprecated, enum value names, a default that is not applied). The notes are sentences of
    a one-line description, and paragraphs of their own after a longer one (whose last
    paragraph may be a list or a code block)."""
    text = (description or "").strip()
    notes = []
    if isinstance(t, Enum) and t.names and not t.alias:
        notes.append(f"Values: {', '.join(t.names)}.")  # x-enum-varnames / x-enumNames
    if has_default:
        notes.append(f"Spec default (not applied): ``{default!r}``.")
    if "\n" in text:
        parts = (["Deprecated."] if deprecated else []) + [text, *notes]
        return "\n\n".join(parts)
    parts = (["Deprecated."] if deprecated else []) + ([text] if text else []) + notes
    return " ".join(parts) if parts else None


def _field_view(m: Model, f: Field, style: str, parsers: pytypes.Parsers) -> dict[str, Any]:
    ann = pytypes.annotation(f.value_type, style, not f.required, parsers.target, parsers.strings)
    doc = _doc_text(f.description, f.deprecated, f.default, f.has_default, f.type)
    positions = pytypes.tuple_positions(f.type, style, parsers.target)
    doc = "\n\n".join(p for p in (doc, positions) if p) or None
    view: dict[str, Any] = {
        "py": f.py_name,
        "wire": f.wire_name,
        "doc": pytypes.docstring(doc, 4) if doc else None,
        "required": f.required,
        "nullable": f.nullable,
    }
    wire = pytypes.literal(f.wire_name)
    parse = parsers.of(f.value_type) if f.required else parsers.of(f.type)
    call = f"{'_req' if f.required else '_opt'}(d, {wire}, {parse})"
    view.update(_FIELD_EMITTERS[style](f, ann, wire, call))
    return view


def _required_dump(f: Field) -> str:
    """``to_dict``'s expression for ``f``. A result built anyway (spec drift: the server left
    a required object out) holds ``None`` there, so a required field's conversion is guarded
    too: ``to_dict`` never raises on what the accumulator built."""
    value = f"self.{f.py_name}"
    dump = pytypes.dump(f.value_type, value)
    if not f.required or dump == value or dump.startswith("_dump("):
        return dump
    return f"None if {value} is None else {dump}"


def _dataclass_field(f: Field, ann: str, wire: str, call: str) -> dict[str, str]:
    # the common case tested inline; the parser call gives the exact error otherwise
    # (an optional field: absent or null reads as None without a call, a scalar as itself)
    scalar = pytypes.scalar_type(f.type)
    if f.required and scalar and f.nullable:
        parse = f"v if (v := d.get({wire}, _MISSING)) is None or type(v) is {scalar} else {call}"
    elif f.required:
        parse = f"d[{wire}] if type(d.get({wire})) is {scalar} else {call}" if scalar else call
    else:
        parse = (
            f"None if (v := d.get({wire})) is None else v if type(v) is {scalar} else {call}"
            if scalar
            else f"None if d.get({wire}) is None else {call}"
        )
    return {
        "decl": f"{f.py_name}: {ann}" + ("" if f.required else " = None") + _noqa(ann),
        "parse": parse,
        "dump": _required_dump(f),
    }


def _pydantic_field(f: Field, ann: str, wire: str, call: str) -> dict[str, str]:
    alias = f.py_name != f.wire_name
    if f.required:
        value = f" = Field(alias={wire})" if alias else ""
    else:
        value = f" = Field(default=None, alias={wire})" if alias else " = None"
    return {"decl": f"{f.py_name}: {ann}{value}"}


def _typeddict_field(f: Field, ann: str, wire: str, call: str) -> dict[str, str]:
    declared = ann if f.required else f"NotRequired[{ann}]"
    quoted = pytypes.literal(ann)  # the functional syntax evaluates annotations now
    return {
        "ann": declared,
        "decl": f"{f.wire_name}: {declared}",
        "functional_ann": quoted if f.required else f"NotRequired[{quoted}]",
        "parse": _typeddict_check(f, wire, call),
    }


#: How each style declares a field and reads it: one emitter per style, one signature (the
#: field, its annotation, its wire name as a literal, and the checking parser call).
_FIELD_EMITTERS: dict[str, Callable[[Field, str, str, str], dict[str, str]]] = {
    Style.DATACLASS: _dataclass_field,
    Style.PYDANTIC: _pydantic_field,
    Style.TYPEDDICT: _typeddict_field,
    Style.MSGSPEC: msgspec_style.field_decl,  # msgspec_style.context redeclares what msgspec cannot type
}


def _typeddict_check(f: Field, wire: str, call: str) -> str:
    """A TypedDict field's check: the common case (a scalar, a list of scalars) tested
    inline, the parser called only when that test fails, to give the exact error."""
    scalar = pytypes.scalar_type(f.type)
    misfit = f"type(value) is not {scalar}" if scalar else _list_misfit(f.type)
    if misfit is None:
        return call
    if f.required and not f.nullable:
        test = f"type(d.get({wire})) is not {scalar}" if scalar else f"(value := d.get({wire})) is None or {misfit}"
    elif f.required:  # nullable: None fits, an absent key does not (_MISSING is not None)
        test = f"(value := d.get({wire}, _MISSING)) is not None and {misfit}"
    else:  # optional: None reads as absent
        test = f"(value := d.get({wire})) is not None and {misfit}"
    return f"if {test}:\n        {call}"


def _list_misfit(t: Any) -> str | None:
    """For a list of scalars, an expression true when ``value`` (never None) is not one:
    a single pass over its item types."""
    item = pytypes.scalar_type(t.item) if isinstance(t, Array) and not t.item_nullable else None
    if item not in ("str", "int", "bool"):  # floats: an int item is a valid number too
        return None
    return f"(type(value) is not list or not _ONLY_{item}.issuperset(map(type, value)))"


def _functional(m: Model) -> bool:
    """A TypedDict needs the functional syntax when a key is not a plain identifier."""
    return any(
        not f.wire_name.isidentifier()
        or keyword.iskeyword(f.wire_name)
        or not f.wire_name.isascii()
        or f.wire_name in RESERVED_ATTRIBUTES
        for f in m.fields
    )


def _where(pointer: str) -> str | None:
    """Where an inline schema stands, readably: ``Chat.choices[].logprobs`` for
    ``/components/schemas/Chat/properties/choices/items/properties/logprobs``."""
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    anchor = max((i + 1 for i, t in enumerate(tokens[:-1]) if t in ("schemas", "definitions", "$defs")), default=None)
    if anchor is None or anchor >= len(tokens) - 1:
        return None
    text, i = tokens[anchor], anchor + 1
    while i < len(tokens):
        token = tokens[i]
        if token in ("properties", "patternProperties") and i + 1 < len(tokens):
            text += f".{tokens[i + 1]}"
            i += 2
            continue
        if token in ("anyOf", "oneOf", "allOf") and i + 1 < len(tokens):
            text += f" ({token} {tokens[i + 1]})" if token != "allOf" else ""
            i += 2
            continue
        text += {"items": "[]", "additionalProperties": "[*]"}.get(token, "")
        i += 1
    return text


def _model_view(m: Model, style: str, merged: bool, parsers: pytypes.Parsers) -> dict[str, Any]:
    where = _where(m.pointer)
    doc = _doc_text(m.description, m.deprecated, None, False) or (
        f"The object at ``{where}`` (the spec describes it no further)."
        if where
        else f"``{m.name}`` (no description in the spec)."
    )
    fields = [_field_view(m, f, style, parsers) for f in m.fields]
    extra_ann = (
        pytypes.annotation(m.extra_type, style, target=parsers.target, strings=parsers.strings)
        if m.extra_type is not None
        else "Any"
    )
    extra_parse = (
        f"_extras(d, _KEYS_{m.name}, {parsers.of(m.extra_type)})"
        if m.extra_type is not None
        # no unknown field, the common case, tested inline
        else f"{{}} if _KEYS_{m.name}.issuperset(d) else _extras(d, _KEYS_{m.name})"
    )
    return {
        "name": m.name,
        "doc": pytypes.docstring(doc, 4),
        "fields": fields,
        "extra_ann": extra_ann,
        "extra_typed": m.extra is not None,
        "extra_noqa": _noqa(extra_ann),
        "extras_parse": extra_parse,
        "extra_parser": parsers.of(m.extra_type) if m.extra_type is not None else "",
        "known": (
            "frozenset[str]()"
            if not m.fields
            else "frozenset({" + ", ".join(pytypes.literal(f.wire_name) for f in m.fields) + "})"
        ),
        "functional": _functional(m),
        "needs_keys": TRAITS[style].keeps_keys or (merged and not TRAITS[style].reads_wire_names),
    }


def _noqa(annotation: str) -> str:
    """The comment that keeps ruff from rewriting a ``typing.Optional``/``typing.Union`` of
    an alias held as a string into ``X | None``, which fails when evaluated (see
    ``pytypes.annotation``); ``""`` when there is none."""
    codes = [code for word, code in (("typing.Union[", "UP007"), ("typing.Optional[", "UP045")) if word in annotation]
    return f"  # noqa: {', '.join(codes)}" if codes else ""


def _lazy_aliases(aliases: list[Alias]) -> set[str]:
    """Aliases written as strings (evaluated lazily): those in a recursion, and those whose
    value refers to such an alias (an expression like ``Lazy | None`` cannot run at import)."""
    lazy = {a.name for a in aliases if a.recursive or pytypes.closes_recursion(a.type)}
    changed = True
    while changed:
        changed = False
        for a in aliases:
            if a.name not in lazy and lazy & set(referenced_names(a.type)):
                lazy.add(a.name)
                changed = True
    return lazy


def _alias_view(a: Alias, style: str, lazy: bool, parsers: pytypes.Parsers, pep695: bool) -> dict[str, Any]:
    if isinstance(a.type, Enum):
        value = pytypes.literal_text(a.type, style) or " | ".join(a.type.bases)
    else:
        value = pytypes.annotation(a.value_type, style, target=parsers.target, strings=parsers.strings)
    if pep695:
        definition = f"type {a.name} = {value}"  # PEP 695: evaluated lazily, recursion included
    elif lazy:
        # a recursive alias is written as a string (evaluated lazily); pydantic resolves
        # one only as a TypeAliasType (PEP 695's runtime form), which ``X | None`` joins
        if TRAITS[style].resolves_string_aliases:
            definition = f"{a.name} = TypeAliasType({pytypes.literal(a.name)}, {pytypes.literal(value)})"
        else:
            definition = f"{a.name}: TypeAlias = {pytypes.literal(value)}{_noqa(value)}"
    else:
        definition = f"{a.name}: TypeAlias = {value}"
    doc = _doc_text(
        a.description, a.deprecated, None, False, replace(a.type, alias=None) if isinstance(a.type, Enum) else None
    )
    positions = pytypes.tuple_positions(a.type, style, parsers.target)
    doc = "\n\n".join(p for p in (doc, positions) if p) or None
    return {
        "name": a.name,
        "value": value,
        "definition": definition,
        "doc": pytypes.docstring(doc) if doc else None,
        "parse": parsers.of(a.value_type),
    }


def _tags_view(s: Schemas, name: str) -> dict[str, Any]:
    """For an event-union root dispatched on a string tag: the tag's wire name and the set
    of tags it knows (an event with another tag parses as the unknown-event class)."""
    alias = s.aliases.get(name) if name in s.union_roots else None
    t = alias.type if alias is not None else None
    found = t.discriminator if isinstance(t, UnionType) else None
    if found is None or not found.mapping or not all(isinstance(tag, str) for tag, _ in found.mapping):
        return {"tag_prop": None}
    tags = ", ".join(pytypes.literal(tag) for tag in dict.fromkeys(tag for tag, _ in found.mapping))
    return {
        "tag_prop": pytypes.literal(found.property),
        "tags_const": f"_TAGS_{snake_name(name).upper()}",
        "tags": tags,
    }


def _unknown_event_name(s: Schemas) -> str | None:
    """The class of events whose tag their union does not know (``UnknownEvent``, or with
    ``_`` added while a schema has the name); None when no union root dispatches on a tag."""
    if not any(_tags_view(s, u)["tag_prop"] for u in s.union_roots):
        return None
    name = "UnknownEvent"
    while name in s.models or name in s.aliases:
        name += "_"
    return name


def _event_targets(gen: Generation) -> list[str]:
    """Class names of the responses the event unions fold into."""
    return [p.target_class for p in gen.event_plans.values()]


def _validate_function(gen: Generation, name: str, style: str) -> str:
    """What an accumulator passes to ``_built_anyway`` to validate a ``name``: pydantic's
    ``model_validate`` (the lenient path builds that model), else the parse function."""
    if TRAITS[style].validates_by_class:
        return name
    return f"{name}.model_validate" if TRAITS[style].validates_by_model else parse_function(gen.schemas, name)


def _root_view(gen: Generation, name: str, style: str) -> dict[str, Any]:
    response = gen.schemas.responses.get(name)
    return {
        "model": name,
        "typed": _typed(gen.plans[name], TRAITS[style]),  # the accumulator reads the model
        "parse_fn": parse_function(gen.schemas, name),
        "accumulator": naming.accumulator_name(name),
        "state_cls": state_class_names(gen)[id(gen.plans[name])],
        "response": response,
        "response_parse_fn": parse_function(gen.schemas, response) if response else "",
        "plan_const": naming.response_plan_constant(response) if response else "",
        "validate": _validate_function(gen, name, style),
        "response_validate": _validate_function(gen, response, style) if response else "",
    }


# --------------------------------------------------------------------------- merge


def state_class_names(gen: Generation) -> dict[int, str]:
    """A class name for each merge-state node, keyed by ``id(node)`` (see ``naming``)."""
    return naming.state_class_names(node for root_name in gen.schemas.roots for node in gen.plans[root_name].walk())


def _merge_view(gen: Generation, style: str) -> dict[str, Any]:
    names = state_class_names(gen)
    traits = TRAITS[style]
    nodes = [
        _node_view(node, names, traits, gen.schemas)
        for root_name in gen.schemas.roots
        for node in gen.plans[root_name].walk()
    ]
    roots = [_root_view(gen, name, style) for name in gen.schemas.roots]
    plans = [
        {"name": r["plan_const"], "value": _response_literal(gen.responses[r["model"]])} for r in roots if r["response"]
    ]
    keyed_lists = [f["keyed_list"] for n in nodes for f in n["fields"] if f["policy"] == "by_key"]
    short = Counter(rule["short"] for rule in keyed_lists)
    for rule in keyed_lists:  # ``_TOOL_CALLS`` where one list has that name, else qualified
        rule["name"] = rule["short"] if short[rule["short"]] == 1 else rule["long"]
    return {
        "nodes": nodes,
        "roots": roots,
        "extras": traits.model_extras,
        "dict_models": traits.dict_models,
        "has_response": bool(plans),
        "response_plans": plans,
        "keyed_lists": keyed_lists,
    }


def _typed(node: NodePlan, traits: Traits) -> bool:
    """True when ``node``'s merge state merges a model of its own class as it is, never
    dumped (``_add_model`` reading attributes, or pydantic's field dict read by ``_add``):
    a style whose chunks are model instances, a node whose model is a class of the module
    (not a union's gathered fields, not made up for an override)."""
    return traits.model_extras is not None and not node.union_of and not node.synthetic


def _node_view(node: NodePlan, names: dict[int, str], traits: Traits, schemas: Schemas) -> dict[str, Any]:
    is_entry = node.path.endswith("[]")
    fields = [_merge_field_view(f, node, names, traits, schemas) for f in node.fields]
    slots = [f["attr"] for f in fields]
    where = node.path or "(chunk)"
    return {
        "cls": names[id(node)],
        "doc": pytypes.docstring(f"Merge state of {node.model.name} at ``{where}`` ({node.context} context).", 4),
        "model": node.model.name,
        "sorted_slots": sorted(slots, key=_natural),
        "path": node.path,
        "context": node.context,
        "is_entry": is_entry,
        "fields": fields,
        "slots": slots,
        # a union's or a made-up model has no class, and fields an override adds are not in
        # the class's: then the node spells its wire names out (``own_keys``)
        "known": (
            ("frozenset({" + ", ".join(pytypes.literal(f.field.wire_name) for f in node.fields) + "})")
            if node.own_keys and node.fields
            else (
                "frozenset[str]()"
                if node.own_keys
                else f"_wire_names({node.model.name})" if traits.reads_wire_names else f"_KEYS_{node.model.name}"
            )
        ),
        # most deltas carry one text fragment: appended before anything else is read (a JSON
        # text field needs no such path: its own appends a continuation inline)
        "fast_text": (
            next((f for f in fields if f["policy"] == "concat" and not f["json_text"]), None)
            if node.context == "delta"
            else None
        ),
        "typed": _typed(node, traits),
    }


def _isort_key(name: str) -> tuple[int, list[Any]]:
    """isort's order, as ruff's RUF022 wants ``__all__``: CONSTANTS, then Classes, then the rest."""
    kind = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return kind, _natural(name)


def _import_key(name: str) -> tuple[int, list[Any]]:
    """isort's order of the names of one ``from`` import, as ruff's I001 wants it: by kind
    (CONSTANTS, Classes, others: ``_private`` is an other), then case-insensitively."""
    kind = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return kind, _natural(name.lower())


def _natural(name: str) -> list[Any]:
    """Natural order (``p2`` before ``p10``), as ruff's RUF023 wants ``__slots__``."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name)]


def _json_kind(t: Any, schemas: Schemas) -> str:
    """``object`` or ``list`` when every JSON value of ``t`` is one (a model, a map, an
    array or a tuple, through named aliases), else ``""``: what a ``last`` field checks."""
    t = meaning(schemas, t)
    return "object" if isinstance(t, (ModelRef, Map)) else "list" if isinstance(t, (Array, Tuple)) else ""


def _merge_field_view(
    f: FieldPlan, node: NodePlan, names: dict[int, str], traits: Traits, schemas: Schemas
) -> dict[str, Any]:
    kind = _json_kind(f.field.type, schemas)
    view: dict[str, Any] = {
        "attr": f.field.py_name,
        "wire": f.field.wire_name,
        # read by ``_add_model`` as an attribute; else it is in the model's extras
        "attribute": f.declared
        and not (traits.odd_names_in_extras and not msgspec_style.declarable(f.field.wire_name)),
        # the class ``_add_model`` expects of a merged object or list item (read by attribute)
        "child_model": f.node.model.name if f.node is not None and _typed(f.node, traits) else "",
        # its attributes are not all named as on the wire (pydantic aliases): ``_merge_model``
        "child_renamed": f.node is not None and any(g.py_name != g.wire_name for g in f.node.model.fields),
        "policy": f.policy,
        "required": f.field.required,
        "nullable": f.field.nullable,
        "node_cls": names[id(f.node)] if f.node is not None else "",
        "eager": f.policy == "merge" and f.field.required and not f.field.nullable,
        # what set and last fields check inline: the scalar type, or an object
        "scalar": pytypes.scalar_type(f.field.type),
        "object": kind == "object",
        "list": kind == "list",
        # a map or list whose values may be this module's models (a typed chunk's): read as JSON
        "holds_models": kind != "" and not isinstance(f.field.type, ModelRef) and pytypes.needs_dump(f.field.type),
        "text_only": f.policy == "concat" and pytypes.scalar_type(f.field.type) == "str",
        "json_text": f.json_text,
    }
    scalar = view["scalar"]
    view["state_type"] = (
        f"{scalar} | None"
        if scalar
        else "dict[str, Any] | None" if view["object"] else "list[Any] | None" if view["list"] else "Any"
    )
    if f.policy == "by_key":
        assert f.node is not None
        element = f.node
        key_field = next(g for g in element.model.fields if g.wire_name == f.key)
        id_field = next((g for g in element.model.fields if g.wire_name == element.id_field), None)
        short = f"_{view['attr'].strip('_').upper()}"
        owner = snake_name(names[id(node)].strip("_").removesuffix("Merge")).upper()
        args = [
            f"wire={pytypes.literal(f.field.wire_name)}",
            f"key={pytypes.literal(f.key)}",
            f"key_attr={pytypes.literal(key_field.py_name)}",
            f"make={names[id(element)]}",
        ]
        if id_field is not None:
            args += [f"id_wire={pytypes.literal(id_field.wire_name)}", f"id_attr={pytypes.literal(id_field.py_name)}"]
        if element.name_path:
            args += [
                f"name_wire={pytypes.literal(element.name_path)}",
                f"name_attr={pytypes.literal(_py_path(element, element.name_path))}",
            ]
        identity = id_field is not None or bool(element.name_path)
        # what may_split needs to look further (an id or a name in the item), read inline:
        # most fragments carry neither
        hints = [f"item.get({pytypes.literal(id_field.wire_name)})"] if id_field is not None else []
        if len(element.name_path) == 2:
            outer, inner = (pytypes.literal(step) for step in element.name_path)
            hints.append(f"(type(part := item.get({outer})) is dict and part.get({inner}))")
        elif element.name_path:
            hints.append(f"_wire_get(item, {pytypes.literal(element.name_path)})")
        view["key"] = f.key
        view["key_attr"] = key_field.py_name
        view["keyed_list"] = {
            "short": short,
            "long": f"_{owner}{short}",
            "args": ", ".join(args),
            "identity": identity,
            "split_hint": " or ".join(hints),
        }
    return view


def _py_path(node: NodePlan, wire_path: tuple[str, ...]) -> tuple[str, ...]:
    attrs = []
    current: NodePlan | None = node
    for step in wire_path:
        if current is None:
            break
        plan = next((f for f in current.fields if f.field.wire_name == step), None)
        if plan is None:
            break
        attrs.append(plan.field.py_name)
        current = plan.node
    return tuple(attrs)


def _response_literal(plan: ResponsePlan) -> str:
    """A dict display ``{path: _ResponseRule(...)}``, one entry per object of the response
    (see ``_ResponseRule`` in the runtime), keyword arguments for what each rule sets."""
    return "{" + "".join(f"{pytypes.literal(at)}: {rule}, " for at, rule in _response_rules(plan, "")) + "}"


def _response_rules(plan: ResponsePlan, at: str) -> list[tuple[str, str]]:
    lit = pytypes.literal
    args = []
    if plan.renames:
        args.append(f"renames={_tuple(f'({lit(a)}, {lit(b)})' for a, b in plan.renames)}")
    if plan.drop:
        args.append("drop=frozenset({" + ", ".join(lit(d) for d in plan.drop) + "})")
    for name, pairs in (("consts", plan.consts), ("fills", plan.fills)):
        if pairs:
            args.append(f"{name}={_tuple(f'({lit(k)}, {lit(v)})' for k, v in pairs)}")
    for name, keys in (("nulls", plan.nulls), ("required", plan.required), ("blank", plan.blank)):
        if keys:
            args.append(f"{name}={_tuple(lit(k) for k in keys)}")
    if plan.suffixes:
        args.append(f"suffixes={_tuple(f'({lit(k)}, {lit(v)})' for k, v in plan.suffixes)}")
    rules = [(at, "_ResponseRule(" + ", ".join(args) + ")")]
    for key, child in plan.children:
        rules += _response_rules(child, f"{at}.{key}" if at else key)
    return rules


def _tuple(items: Any) -> str:
    """A tuple display without a trailing comma where black would keep it exploded."""
    parts = list(items)
    return f"({parts[0]},)" if len(parts) == 1 else "(" + ", ".join(parts) + ")"
