"""Templates: where they are, the Jinja environment that renders them, and the user's own
(``--custom-template-dir``), whose mistakes are bad input naming the template.

Jinja never sees spec text as template source: spec strings reach the templates as
literals (the ``pyrepr`` filter is ``pytypes.literal``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import MutableMapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from . import pytypes
from .cache import template_cache
from .errors import SpecError, did_you_mean
from .format import parse_tree


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


#: Jinja's Python for our templates, shipped with gen-models (``scripts/format_runtime.py``
#: writes it, ``tests/test_format.py`` keeps it current): a first run on a machine compiles
#: no template (Jinja's own compile of them took ~0.4 s; the cache below keeps it only for
#: later runs).
COMPILED = Path(__file__).resolve().parent / "runtime" / "templates.json"
#: The environment's options that change Jinja's output: part of ``COMPILED``'s key.
OPTIONS = {"trim_blocks": True, "lstrip_blocks": True, "keep_trailing_newline": True, "autoescape": False}


class TemplateLoader(jinja2.FileSystemLoader):
    """Jinja's file loader (and its bytecode cache, as ``BaseLoader.load`` uses it), which
    compiles one of our templates from the Python in ``COMPILED`` when that was made from
    the same source (its sha256), the same Jinja version and ``OPTIONS``; any other
    template (a user's, ours edited) is compiled by Jinja as usual."""

    def load(
        self, environment: jinja2.Environment, name: str, globals: MutableMapping[str, Any] | None = None
    ) -> jinja2.Template:
        source, filename, uptodate = self.get_source(environment, name)
        bcc = environment.bytecode_cache
        bucket = bcc.get_bucket(environment, name, filename, source) if bcc is not None else None
        code = bucket.code if bucket is not None else None
        if code is None:
            shipped = compiled_templates().get(name)
            ours = filename is not None and Path(filename).parent == templates_dir()
            if ours and shipped is not None and shipped[0] == hashlib.sha256(source.encode("utf-8")).hexdigest():
                code = compile(shipped[1], filename or name, "exec")
            else:
                code = environment.compile(source, name, filename)
            if bcc is not None and bucket is not None:
                bucket.code = code
                bcc.set_bucket(bucket)
        return environment.template_class.from_code(environment, code, globals or {}, uptodate)


@lru_cache(maxsize=1)
def compiled_templates() -> dict[str, tuple[str, str]]:
    """``COMPILED`` for this Jinja version: {template name: (sha256 of its source, Jinja's
    Python for it)}; empty when it is missing or was made by another Jinja version."""
    try:
        data = json.loads(COMPILED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("jinja") != jinja2.__version__ or data.get("options") != OPTIONS:
        return {}
    templates = data.get("templates")
    if not isinstance(templates, dict):
        return {}
    return {name: (entry[0], entry[1]) for name, entry in templates.items()}


def compile_templates() -> dict[str, object]:
    """``COMPILED``'s content for the shipped templates (``scripts/format_runtime.py``)."""
    env = environment()
    templates = {}
    for name in template_names():
        source = (templates_dir() / name).read_text(encoding="utf-8")
        python = env.compile(source, name, raw=True)
        templates[name] = [hashlib.sha256(source.encode("utf-8")).hexdigest(), python]
    return {"jinja": jinja2.__version__, "options": OPTIONS, "templates": templates}


@lru_cache(maxsize=4)
def environment(custom_dir: Path | None = None) -> jinja2.Environment:
    """The Jinja environment: strict undefined names, no autoescape (Python, not HTML).
    With ``custom_dir`` (``--custom-template-dir``), a template there overrides ours of the
    same name, also where another template includes or imports it."""
    search = [str(custom_dir)] if custom_dir is not None else []
    env = jinja2.Environment(
        loader=TemplateLoader([*search, str(templates_dir())]),
        undefined=jinja2.StrictUndefined,
        bytecode_cache=template_cache(),
        trim_blocks=OPTIONS["trim_blocks"],
        lstrip_blocks=OPTIONS["lstrip_blocks"],
        keep_trailing_newline=OPTIONS["keep_trailing_newline"],
        autoescape=OPTIONS["autoescape"],
    )
    env.filters["pyrepr"] = pytypes.literal
    env.globals["def_line"] = pytypes.def_line
    return env


def render_template(env: jinja2.Environment, name: str, context: dict[str, Any], custom_dir: Path | None) -> str:
    """The template ``name`` of ``env`` rendered with ``context``; with ``custom_dir`` (the
    user's templates first), checked as described in ``_render_custom``.

    Raises:
        SpecError: a custom template failed (see ``_render_custom``).
    """
    if custom_dir is None:
        return env.get_template(name).render(**context)
    return _render_custom(custom_dir, env, name, context)


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
