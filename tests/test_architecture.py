"""The layout issue #23 asked for, kept: small modules and classes, the schema read in one
place (load, resolve, interpret), per-style code in the style modules, and generated merge
methods a reviewer reads at a glance. Each limit is the issue's; a change that breaks one
says where."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

GENERATOR = ROOT / "generator"
#: The stages that read raw OpenAPI / JSON Schema keywords; everything after reads the IR.
READERS = ("load.py", "resolve.py", "interpret")
#: Keywords of a spec's schemas and operations (as a subscript, ``.get()`` or ``in`` test).
KEYWORDS = frozenset(
    (
        "$ref", "$id", "properties", "patternProperties", "additionalProperties", "items", "prefixItems",
        "oneOf", "anyOf", "allOf", "enum", "const", "nullable", "discriminator", "required", "type",
        "title", "x-merge", "components", "paths", "content", "responses", "operationId",
    )
)  # fmt: skip
STYLE_NAMES = ("dataclass", "pydantic", "typeddict", "msgspec")


def _modules() -> list[Path]:
    return sorted(p for p in GENERATOR.rglob("*.py") if "__pycache__" not in p.parts)


def _span(node: ast.AST) -> int:
    assert isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
    assert node.end_lineno is not None
    return node.end_lineno - node.lineno + 1


def test_no_generator_module_over_700_lines_and_the_two_hubs_under_600() -> None:
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text().splitlines()) for p in _modules()}
    assert {p: n for p, n in sizes.items() if n > 700} == {}
    assert sizes["generator/render.py"] < 600 and sizes["generator/event_plan.py"] < 600


def test_no_class_over_350_lines() -> None:
    big = {
        f"{p.relative_to(ROOT)}:{node.name}": _span(node)
        for p in _modules()
        for node in ast.walk(ast.parse(p.read_text()))
        if isinstance(node, ast.ClassDef) and _span(node) > 350
    }
    assert big == {}


def _keyword_reads(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        key = None
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            key = node.slice.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            key = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant):
            key = node.left.value if any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) else None
        if isinstance(key, str) and key in KEYWORDS:
            found.append((node.lineno, key))
    return found


def test_raw_keywords_are_read_by_the_reading_stages_only() -> None:
    """At most 5 reads outside load, resolve and interpret (naming reads a component's
    ``title``/``$id`` and an operation's ``operationId``/parameter ``name`` to name what sits
    there; ``cli`` reads its configuration's ``schemas`` key, which is no spec keyword)."""
    outside = {
        f"{p.relative_to(ROOT)}:{line}": key
        for p in _modules()
        if not (p.name in READERS or "interpret" in p.parts or "runtime" in p.parts)
        for line, key in _keyword_reads(ast.parse(p.read_text()))
    }
    assert len(outside) <= 5, outside


def test_per_style_code_stays_in_the_style_modules() -> None:
    """No ``style == "pydantic"``-like branch outside ``generator/styles/`` (a style's
    traits and emitter answer instead); naming the runtime files a style owns is data."""
    branches = []
    for p in _modules():
        if "styles" in p.parts:
            continue
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops):
                sides = [node.left, *node.comparators]
                if any(isinstance(s, ast.Constant) and s.value in STYLE_NAMES for s in sides):
                    branches.append(f"{p.relative_to(ROOT)}:{node.lineno}")
    assert len(branches) <= 2, branches


def test_generated_merge_methods_are_at_most_40_lines() -> None:
    """The plan-driven methods of the generated chat modules (the merge states: classes
    named ``_...Merge`` that are not part of the fixed runtime). A state's ``_add`` is one
    flat probe per field, two lines for most (unknown fields are found once, by the keys of
    the chunk): the root state of a chat chunk, 10 fields, is 32 lines."""
    from generator import runtime_files

    fixed = {name for module in runtime_files.MODULES for name in runtime_files.defined_names(module)}
    long = {}
    for module in sorted((ROOT / "generated").glob("openai_*.py")):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Merge") and node.name not in fixed:
                long.update(
                    {
                        f"{module.name}:{node.name}.{f.name}": _span(f)
                        for f in node.body
                        if isinstance(f, ast.FunctionDef) and _span(f) > 40
                    }
                )
    assert long == {}


ONE_MODEL = """
openapi: 3.1.0
info: {title: one, version: '1'}
paths: {}
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        name: {type: string}
        age: {type: integer}
"""


def test_a_module_holds_its_models_and_glue_the_runtime_beside_it(tmp_path: Path) -> None:
    """Issue #39: the runtime is imported, not pasted. The committed pydantic module of
    specs/openai.yaml defines no name a runtime module defines, and is under 8,000 lines; a
    one-model spec (two fields, an accumulator) gives a module under 150 lines in every style."""
    from conftest import STYLES

    from generator import runtime_files
    from generator.pipeline import Options, generate

    runtime = {n for module in runtime_files.MODULES for n in runtime_files.defined_names(module)}
    for path in sorted((ROOT / "generated").glob("openai_*.py")):
        text = path.read_text(encoding="utf-8")
        defined = set()
        for node in ast.parse(text).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                defined |= {t.id for t in targets if isinstance(t, ast.Name)}
        assert not defined & runtime, (path.name, sorted(defined & runtime)[:5])
    pydantic = (ROOT / "generated" / "openai_pydantic.py").read_text(encoding="utf-8")
    assert len(pydantic.splitlines()) < 8000
    spec = tmp_path / "one.yaml"
    spec.write_text(ONE_MODEL, encoding="utf-8")
    outputs, _ = generate(Options(spec=spec, output=tmp_path / "out", schemas=("Pet",), styles=STYLES))
    sizes = {o.path.name: len(o.text.splitlines()) for o in outputs if o.module}
    assert len(sizes) == len(STYLES) and max(sizes.values()) < 150, sizes


def test_no_committed_data_file_of_the_generator_is_over_50_kb_and_none_is_a_formatter() -> None:
    """Issue #39: no speed layer around the formatter: no data file over 50 KB in generator/
    (black's output once shipped there), and no module reaches into black's internals (one
    ``black.format_str`` a module is all the formatting there is)."""
    big = [
        p for p in GENERATOR.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.stat().st_size > 50_000
    ]
    assert big == []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            alias.name if isinstance(node, ast.Import) else f"{node.module}.{alias.name}"
            for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names
        }
        inner = {name for name in imported if name.startswith(("black.", "blib2to3")) and name != "black.mode"}
        inner -= {"black.parsing"}  # its InvalidInput, the error black.format_str raises
        assert not inner, (path.name, inner)
