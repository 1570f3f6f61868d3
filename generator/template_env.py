"""Templates: where they are, the Jinja environment that renders them, and the user's own
(``--custom-template-dir``), whose mistakes are bad input naming the template. Spec text is
never template source: it reaches the templates as literals (``pyrepr``: ``pytypes.literal``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from . import pytypes
from .cache import cache_dir, writable_dir
from .errors import SpecError, did_you_mean
from .imports import parse_tree


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
    """A custom template directory must exist, and each ``*.py.jinja`` in it be named after one of
    ours (a misspelt override would be ignored without a word); other ``*.jinja`` may be included.

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
    """The Jinja environment: strict undefined names, no autoescape (Python, not HTML); a template
    in ``custom_dir`` overrides ours of its name, included ones too; compiled ones cached in
    ``<cache>/jinja`` (checked against each template's source)."""
    search = [str(custom_dir)] if custom_dir is not None else []
    compiled = writable_dir(cache_dir() / "jinja")
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*search, str(templates_dir())]),
        bytecode_cache=jinja2.FileSystemBytecodeCache(str(compiled)) if compiled is not None else None,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["pyrepr"] = pytypes.literal
    env.filters["packed_names"] = pytypes.packed
    return env


def render_template(env: jinja2.Environment, name: str, context: dict[str, Any], custom_dir: Path | None) -> str:
    """Template ``name`` rendered with ``context``; with ``custom_dir``, its mistakes are bad input.

    Raises:
        SpecError: a custom template has a Jinja syntax error, an unknown context name, or
            renders Python that does not parse.
    """
    if custom_dir is None:
        return env.get_template(name).render(**context)
    try:
        source = env.get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise SpecError(f"template syntax error: {exc.message}", Path(exc.filename or name), None, exc.lineno) from None
    except jinja2.TemplateError as exc:
        raise SpecError(f"custom template failed while rendering {name}: {exc}", custom_dir) from None
    try:
        parse_tree(source)
    except SyntaxError as exc:
        raise SpecError(
            f"with these templates the {name} module is not valid Python (line {exc.lineno}: {exc.msg})", custom_dir
        ) from None
    return source
