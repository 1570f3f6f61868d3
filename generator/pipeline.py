"""Pipeline: options in, generated modules out, in memory (``write`` writes them).

``read_spec`` goes as far as the IR and merge plans (enough for ``--explain-merge`` and
``changes``); ``generate`` renders and formats every module.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from . import naming
from . import roots as root_selection
from .chunk_maps import plan_stream
from .errors import SpecError, did_you_mean
from .event_vocabulary import EventPlan
from .fingerprint import runtime_expected
from .format import format_modules
from .interpret import Interpreter, Reading, read_every_component
from .interpret.spec_view import SpecView
from .load import Document, check_document, load_document, parse_document
from .map_files import MapLayer, located, read_map_files
from .merge_maps import MAPS_DIR, map_target
from .merge_plan import DELTA, NodePlan, merge_warnings
from .model import Alias, AliasRef, Model, ModelRef, Schemas, Type, UnionType, referenced_names
from .options import STDIN, Options, command, module_stem, output_file
from .render import Generation, check_template_dir, render
from .resolve import RefResolver
from .response_plan import ResponsePlan, plan_response, unsent_warnings
from .runtime_files import PACKAGE_INIT
from .union_fallbacks import with_fallbacks
from .warning_kinds import MAP_MISFIT, RESPONSE_UNNAMED, STREAM_NOT_OBJECTS, UNION_NOT_FOLDED, SpecWarning, at
from .write import Output

#: Called with each stage's name (and what it works on) as it starts.
Progress = Callable[[str], None]


def _no_progress(stage: str) -> None:
    pass


@dataclass
class SpecReading:
    """A spec read as far as the merge plans: the IR, a merge plan and a response
    conversion per root, and the seconds each stage took."""

    schemas: Schemas
    plans: dict[str, NodePlan]
    responses: dict[str, ResponsePlan]
    timings: dict[str, float] = field(default_factory=dict)
    event_plans: dict[str, EventPlan] = field(default_factory=dict)  # union root -> its fold
    unmapped: dict[str, list[str]] = field(default_factory=dict)  # union root -> event types nothing folds
    merge_warnings: list[SpecWarning] = field(default_factory=list)  # plans' and folds' (warning_kinds)
    files: dict[Path, bytes] = field(default_factory=dict)  # files the loader read besides the spec ($ref targets)


def read_spec(options: Options, progress: Progress = _no_progress) -> SpecReading:
    """Load, resolve and interpret the spec; select roots; plan merges. SpecError: any problem in
    the spec, with its place."""
    timings: dict[str, float] = {}
    start = time.perf_counter()
    progress(f"load {options.spec}")
    doc = load_document(options.spec) if options.spec_bytes is None else parse_document(options.spec_bytes, STDIN)
    timings["load"] = time.perf_counter() - start
    check_document(doc)
    start = time.perf_counter()
    progress("interpret")
    user_maps = read_map_files(options.merge_maps)
    interp, read = _interpret(doc, options, user_maps)
    timings["interpret"] = time.perf_counter() - start
    start = time.perf_counter()
    progress(f"name {len(read.models)} models, {len(read.aliases)} aliases")
    schemas = naming.name_schemas(read, interp.places, interp.resolver, interp.member_hints)
    timings["naming"] = time.perf_counter() - start
    start = time.perf_counter()
    progress("plan merges")
    plans: dict[str, NodePlan] = {}
    warned: list[SpecWarning] = []
    for r in schemas.roots:  # each with its shipped chunk map, under the user's overrides
        policies = _policies_for(options.merge_policies, r)
        plans[r], map_warnings = plan_stream(schemas, r, policies, shipped=options.shipped_maps)
        warned += map_warnings
    response_plans = {r: plan_response(schemas, r, resp) for r, resp in schemas.responses.items()}
    event_plans, unfolded = _event_plans(doc, schemas, interp, user_maps, options.shipped_maps)
    warned += unfolded
    # the event types no layer decides, folded as unknown events at run time: --check names them
    unmapped = {u: tags for u, p in event_plans.items() if (tags := [t for t, _ in (*p.unmapped, *p.undecided)])}
    timings["merge_plan"] = time.perf_counter() - start
    warned += [line for r in schemas.roots for line in merge_warnings(plans[r], r)]
    warned += [line for r, plan in response_plans.items() for line in unsent_warnings(plan, r, schemas.responses[r])]
    unnamed = [r for r in schemas.roots if r not in response_plans and any(n.context == DELTA for n in plans[r].walk())]
    warned += [SpecWarning(RESPONSE_UNNAMED, r) for r in unnamed]
    return SpecReading(schemas, plans, response_plans, timings, event_plans, unmapped, warned, interp.resolver.files())


def _event_plans(
    doc: Document, schemas: Schemas, interp: Interpreter, user_maps: dict[str, MapLayer], shipped: bool
) -> tuple[dict[str, EventPlan], list[SpecWarning]]:
    """Each union root's fold: its maps (shipped, ``x-merge``, the user's, named as the spec
    names the union or its envelope) over the one the schema infers; a warning for each union
    nothing folds, or each event type it leaves undecided. SpecError: a map or union-shape problem, at its place."""
    plans: dict[str, EventPlan] = {}
    unfolded: list[SpecWarning] = []
    try:
        names = {n: u for u in schemas.union_roots if (n := naming.stream_name(schemas.aliases[u].pointer)) is not None}
        # a union inline in an envelope's ``data`` may be named after the envelope
        aliases = {
            n.removesuffix("Data"): n for n in names if n.endswith("Data") and n.removesuffix("Data") not in names
        }
        for root, layer in user_maps.items():
            if aliases.get(root, root) not in names:
                raise SpecError(_unrooted(root, list(names), interp), *(layer.place("root") or (None, None)))
        layers = {aliases.get(root, root): layer for root, layer in user_maps.items()}
        if not names:
            return plans, unfolded
        from .event_plan import NoFold, plan_events, undecided_warnings  # here: ~20 ms no other run spends

        for name, union in names.items():
            plan = partial(plan_events, schemas, name, layers.get(name), spec_file=doc.path, allow_unmapped=True)
            try:
                plans[union] = plan(shipped=shipped)
            except NoFold:
                detail = "no operation answers one, no event carries one"
                unfolded.append(at(UNION_NOT_FOLDED, doc.path, schemas.aliases[union].pointer, f"{name}: {detail}"))
            except SpecError as exc:  # a shipped map for another vendor's union of that name: inferred
                if not shipped or exc.file is None or exc.file.parent != MAPS_DIR:
                    raise
                plans[union] = plan(shipped=False)
                unfolded.append(SpecWarning(MAP_MISFIT, name, f"{exc.file.name}: {exc.message}"))
    except SpecError as exc:
        raise located(exc, doc) from None
    return plans, unfolded + [line for plan in plans.values() for line in undecided_warnings(plan)]


def _unrooted(root: str, roots: list[str], interp: Interpreter) -> str:
    """What to do about a merge map whose ``root:`` is none of this run's event unions
    (``roots``): pass it to ``--schema`` where the spec has that union, else its spelling."""
    view = SpecView.of(interp)
    spec_unions = {name: view.is_union(loc) for name, loc in interp.components().items()}
    head = f"a merge map is given for {root!r}, which is not an event-union root of this run"
    if spec_unions.get(root):
        return f"{head}: add --schema {root}"
    if root in spec_unions:
        return f"{head}: it is no union of events (oneOf/anyOf)"
    return f"{head}: the spec has no schema of that name{did_you_mean(root, [*roots, *spec_unions])}"


def _policies_for(policies: dict[str, str], root: str) -> dict[str, str]:
    """Overrides for one root: ``Root:path=policy`` names it; a bare path applies to all and
    gives way to the root's own, whatever their order (the fingerprint sorts them)."""
    chosen = {path: policy for path, policy in policies.items() if ":" not in path}
    return chosen | {path[len(root) + 1 :]: policy for path, policy in policies.items() if path.startswith(f"{root}:")}


def _interpret(doc: Document, options: Options, user_maps: dict[str, MapLayer]) -> tuple[Interpreter, Schemas]:
    """The interpreter, and the IR (by provisional id: see ``naming``) of the roots, their
    responses, the targets the unions' folds build (or every component, ``all_schemas``)."""
    resolver = RefResolver(doc, allow_remote=options.allow_remote_refs, allow_outside=options.allow_outside_refs)
    interp = Interpreter(resolver)
    if options.schemas:
        root_names = root_selection.check_names(interp, list(options.schemas))
    else:
        root_names = root_selection.default_roots(interp, options.shipped_maps)
        if not root_names and not options.all_schemas:
            raise SpecError(
                "no stream schema found (no operation streams a named schema as text/event-stream or "
                "application/x-ndjson, no object's 'object' is a single value ending in '.chunk' nor has "
                "choices[].delta, and no union is one a shipped merge map names); name the roots with --schema NAME"
                + root_selection.inline_hint(interp),
                doc.path,
            )
    try:
        readings, response_of, targets, union_targets = _read_roots(interp, root_names, user_maps, options.shipped_maps)
        # a discriminated parent as the union it dispatches to; a component that names another
        synonyms = read_every_component(interp) if options.all_schemas else {}
    except RecursionError:
        raise SpecError("schemas nest too deeply to read (over a few hundred levels)", doc.path) from None
    interp.settle()
    root_of: dict[str, str] = {}  # spec name -> the model of an object root
    union_of: dict[str, str] = {}  # spec name -> the alias of an event-union root
    for name, reading in readings.items():
        ref = getattr(reading.type, "name", None)
        if ref in interp.models:
            root_of[name] = ref
        elif ref in interp.aliases and _is_event_union(interp, AliasRef(ref)):
            union_of[name] = ref
        elif not options.schemas:  # a declared stream of no object (audio bytes, text): nothing to merge
            interp.warn(root_selection.stream_locations(interp)[name], STREAM_NOT_OBJECTS, name)
        else:
            raise interp.components()[name].error(
                f"root schema {name!r} is neither an object with properties nor a union of objects; "
                "it cannot be a stream chunk or event"
            )
    if not root_of and not union_of and not options.all_schemas:  # declared streams, none of objects
        raise root_selection.stream_locations(interp)[next(iter(readings))].error(
            f"no stream of JSON objects to accumulate: what the spec streams ({', '.join(readings)}) is text, bytes or a "
            "free-form object; name the chunk schema with --schema NAME, or pass --all-schemas for the models alone"
        )
    responses = {
        root_of[name]: r.type.name
        for name, r in response_of.items()
        if name in root_of and hasattr(r.type, "name") and r.type.name in interp.models
    }
    built = [t.name for t in targets if isinstance(t, ModelRef)]
    formats = root_selection.stream_formats(interp, [*root_of, *union_of])
    reached = [*root_of.values(), *union_of.values(), *responses.values(), *built]
    models, aliases = _ordered(interp, reached, options.all_schemas)
    title, version = doc.title_and_version
    return interp, Schemas(
        models=models,
        aliases=aliases,
        roots=tuple(root_of.values()),
        union_roots=tuple(union_of.values()),
        responses=responses,
        stream_formats=formats,
        title=title,
        version=version,
        source=str(options.spec),
        sha256=doc.sha256,
        warnings=tuple(interp.warnings),
        union_targets=union_targets,
        synonyms=synonyms,  # with all_schemas: {component: the type it reads as} of those naming another's
    )


def _read_roots(
    interp: Interpreter, root_names: list[str], user_maps: dict[str, MapLayer], shipped: bool
) -> tuple[dict[str, Reading], dict[str, Reading], list[Type], dict[str, tuple[str, ...]]]:
    """The roots' readings, {root: its response's reading}, the types of the targets their
    folds build (a map's ``target``, else what the union's operation answers), {union root:
    those components}."""
    components = interp.components()
    locations = root_selection.stream_locations(interp)
    readings = {
        name: interp.read_root(components[name]) if name in components else interp.read_stream(locations[name])
        for name in root_names
    }
    responses = {name: root_selection.response_for(interp, name) for name in root_names if name in components}
    response_of = {name: interp.read_component(components[r]) for name, r in responses.items() if r is not None}
    targets = []
    union_targets: dict[str, tuple[str, ...]] = {}
    for name, reading in readings.items():
        alias = interp.aliases.get(getattr(reading.type, "name", ""))
        if alias is None:
            continue
        envelope = name[: -len("Data")] if name not in components else name
        layer = user_maps.get(name) or user_maps.get(envelope)
        target = map_target(name, alias.merge_map, layer, shipped)
        found = (target,) if target is not None else root_selection.union_targets(interp, name)
        union_targets[name] = tuple(t for t in found if t in components)
        targets += [interp.read_component(components[t]).type for t in union_targets[name]]
    return readings, response_of, targets, union_targets


def _is_event_union(interp: Interpreter, t: object, seen: frozenset[str] = frozenset()) -> bool:
    """A union (an alias for one read through) with object models among its members, directly
    or through nested unions (an event union; ``ToolChoiceParam``'s string member may stand beside)."""
    if isinstance(t, AliasRef) and t.name in interp.aliases and t.name not in seen:
        inner = interp.aliases[t.name].type
        return isinstance(inner, UnionType) and _is_event_union(interp, inner, seen | {t.name})
    if isinstance(t, UnionType):
        return any(
            o.name in interp.models if isinstance(o, ModelRef) else _is_event_union(interp, o, seen) for o in t.options
        )
    return False


def _ordered(interp: Interpreter, roots: list[str], everything: bool) -> tuple[dict[str, Model], dict[str, Alias]]:
    """Models reachable from the roots, dependencies first (depth-first, field order);
    aliases in the order they are first reached. Deterministic for a given spec."""
    models: dict[str, Model] = {}
    aliases: dict[str, Alias] = {}
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in models or name in aliases or name in visiting:
            return
        visiting.add(name)
        if name in interp.models:
            for t in interp.models[name].types():
                for ref in referenced_names(t):
                    visit(ref)
            models[name] = interp.models[name]
        elif name in interp.aliases:
            for ref in referenced_names(interp.aliases[name].type):
                visit(ref)
            aliases[name] = interp.aliases[name]
        visiting.discard(name)

    for name in roots:
        visit(name)
    if everything:  # a discriminated parent's own shape only where its union holds it
        for name in list(interp.models) + list(interp.aliases):
            if not (name in interp.places and interp.places[name].base):
                visit(name)
    return models, aliases


def generate(
    options: Options,
    reading: SpecReading | None = None,
    progress: Progress = _no_progress,
    pool: Executor | None = None,
) -> tuple[list[Output], SpecReading]:
    """Render and format every requested module, and add the runtime package beside them.

    Raises:
        SpecError: as ``read_spec``; ``-o FILE.py`` with several styles; a bad custom template directory.
    """
    target_file = output_file(options)
    sources, reading = render_sources(options, reading, progress)
    start = time.perf_counter()
    progress(f"format {len(sources)} module(s)")
    formatted = format_modules(sources, options.target_python, options.formatter, pool)
    reading.timings["format"] = time.perf_counter() - start
    out_dir = target_file.parent if target_file else options.output
    outputs = [Output(target_file or out_dir / name, text) for name, text in formatted.items()]  # -o FILE.py: one style
    outputs += [
        Output(path, PACKAGE_INIT if text is None else text, if_absent=text is None, module=False)
        for path, text in runtime_expected(options, out_dir).items()
    ]
    return outputs, reading


def render_sources(
    options: Options, reading: SpecReading | None = None, progress: Progress = _no_progress
) -> tuple[dict[str, str], SpecReading]:
    """Every requested module rendered, not yet formatted: file name -> source; SpecError as ``generate``."""
    reading = reading or read_spec(options, progress)
    if options.template_dir is not None:
        check_template_dir(options.template_dir)
    root = (options.root or Path.cwd()).resolve()
    spec = options.spec.resolve()
    shown = spec.relative_to(root).as_posix() if spec.is_relative_to(root) else options.spec.name
    gen = Generation(
        schemas=with_fallbacks(reading.schemas),  # unions typed as the module says them
        plans=reading.plans,
        responses=reading.responses,
        command=command(options),
        spec_display=str(STDIN) if options.spec_bytes is not None else shown,
        target_python=options.target_python,
        runtime_package=options.runtime_package,
        event_plans=reading.event_plans,
        styles=options.styles,
        template_dir=options.template_dir,
    )
    stem = module_stem(options)
    sources = {}
    start = time.perf_counter()
    for style in options.styles:
        progress(f"render {style}")
        sources[f"{stem}_{style}.py"] = render(gen, style)
    reading.timings["render"] = time.perf_counter() - start
    return sources, reading
