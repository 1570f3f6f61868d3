"""Write ``generator/runtime/formatted.json``: black's output for the blocks of generated
modules that do not depend on the spec, shipped so that a first run on a machine formats
only what the spec generated (``generator/format.py``), and the names each runtime module
loads (so that a first run parses only the spec's code to find a module's imports); and
``generator/runtime/templates.json``, Jinja's Python for each template (so that a first run
compiles none: ``template_env.TemplateLoader``). Run it after changing ``generator/runtime/``,
the templates, or black's or Jinja's pin; ``tests/test_format.py`` fails until it is current.

    .venv/bin/python scripts/format_runtime.py

The blocks: every top-level block of each runtime module (``runtime.inlined``), and every
block that the modules of two unrelated reference specs have in common, rendered in every
style (inlined runtime, default options): the styles' support code (``ParseError``,
``_req``, the section comments before each runtime part), never a schema's text.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from generator import format as fmt
from generator import runtime
from generator.options import Options
from generator.pipeline import render_sources
from generator.render import names_loaded
from generator.styles import ALL_STYLES
from generator.template_env import COMPILED, compile_templates

ROOT = Path(__file__).resolve().parent.parent

#: Two specs with no schema in common: what their modules share is the styles' own code.
REFERENCE_SPECS = (ROOT / "specs" / "openai.yaml", ROOT / "tests" / "specs" / "nullable_31.json")


def shipped_blocks() -> list[str]:
    """The blocks ``formatted.json`` holds black's output for, sorted."""
    blocks = {block for name in runtime.MODULES for _, block in fmt._blocks(runtime.inlined(name))}
    per_spec = []
    with tempfile.TemporaryDirectory() as out:
        for spec in REFERENCE_SPECS:
            options = Options(spec=spec, output=Path(out), styles=ALL_STYLES, root=ROOT, use_cache=False)
            sources, _ = render_sources(options)
            per_spec.append({block for source in sources.values() for _, block in fmt._blocks(source)})
    return sorted(blocks | set.intersection(*per_spec))


def build() -> dict[str, object]:
    """``formatted.json``'s content: the installed black, its mode, the target Python, and
    black's output per block (keyed by ``FormatCache.key``)."""
    blocks = shipped_blocks()
    sources = [runtime.module_source(name) for name in runtime.MODULES]
    formatted = fmt._format_uncached(blocks, fmt.SHIPPED_TARGET)
    return {
        "black": fmt.black_version(),
        "mode": fmt.MODE_KEY,
        "target": list(fmt.SHIPPED_TARGET),
        "blocks": {fmt.FormatCache.key(b): text for b, text in zip(blocks, formatted)},
        "inlined": {fmt.FormatCache.key(source): runtime._inline(source) for source in sources},
        "defined": {
            fmt.FormatCache.key(text): sorted(runtime._defined(text))
            for text in sorted({runtime.inlined(name) for name in runtime.MODULES})
        },
        "names": {
            fmt.FormatCache.key(text): sorted(names_loaded(text, use_cache=False))
            for text in sorted({runtime.inlined(name, pep695) for name in runtime.MODULES for pep695 in (False, True)})
        },
    }


def main() -> None:
    data = build()
    fmt.SHIPPED.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {fmt.SHIPPED} ({len(data['blocks'])} blocks)")  # type: ignore[arg-type]
    COMPILED.write_text(json.dumps(compile_templates(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {COMPILED}")


if __name__ == "__main__":
    main()
