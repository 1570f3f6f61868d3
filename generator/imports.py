"""Imports of a generated module: where each name it may use comes from, and the import
lines for the names its code loads, in the order ruff wants (isort's), with the orders ruff
wants of ``__all__`` and ``__slots__``.
"""

from __future__ import annotations

import ast
import re
import sys
from typing import Any

#: The line of a rendered module that its imports replace.
IMPORTS_MARK = "# <gen-models: imports>"

#: Where each name a module may use comes from ("import": ``import <name>``); TypedDict's, by target: ``import_lines``.
SOURCES = {
    name: module
    for module, names in {
        "collections.abc": ("AsyncIterable", "AsyncIterator", "Callable", "Iterable", "Iterator", "Mapping"),
        "dataclasses": ("dataclass", "field", "asdict", "fields", "is_dataclass"),
        "operator": ("attrgetter",),
        "bisect": ("bisect_left",),
        "typing": (
            "Annotated",
            "Any",
            "ClassVar",
            "Generic",
            "TYPE_CHECKING",
            "Literal",
            "TypeAlias",
            "TypeVar",
            "cast",
        ),
        "import": ("functools", "re", "types", "typing", "msgspec"),
        "reprlib": ("recursive_repr",),
        "pydantic": (
            "BaseModel",
            "ConfigDict",
            "Discriminator",
            "Field",
            "BeforeValidator",
            "model_validator",
            "ModelWrapValidatorHandler",
            "Strict",
            "GetCoreSchemaHandler",
            "Tag",
            "TypeAdapter",
            "ValidationError",
            "PydanticUserError",
        ),
        "pydantic_core": ("CoreSchema", "core_schema"),
        "contextvars": ("ContextVar",),
    }.items()
    for name in names
}


def import_lines(target_python: tuple[int, int], used: set[str]) -> list[str]:
    """The import lines of a module for Python ``target_python`` whose code loads the names
    ``used``: the standard library's, then (after an empty line) the third parties'."""
    sources = dict(SOURCES)
    # pydantic validates TypedDicts only from typing_extensions before Python 3.12
    for name, since in (("TypedDict", (3, 12)), ("NotRequired", (3, 11)), ("TypeAliasType", (3, 12))):
        sources[name] = "typing" if target_python >= since else "typing_extensions"
    by_module: dict[str, list[str]] = {}
    for name, module in sources.items():
        if name in used and module != "import":
            by_module.setdefault(module, []).append(name)
    stdlib = [f"import {m}" for m in ("functools", "json", "re", "types", "typing") if m in used]
    third_party: list[str] = []
    for module in sorted(by_module):
        line = import_line(module, sorted(by_module[module], key=isort_key))
        (third_party if module in ("pydantic", "pydantic_core", "typing_extensions") else stdlib).append(line)
    if "msgspec" in used:
        third_party.insert(0, "import msgspec")
    return stdlib + [""] * bool(stdlib and third_party) + third_party


def import_line(module: str, names: list[str]) -> str:
    """``from module import names`` (in the order given), one name a line when too long, as formatted."""
    from .pytypes import LINE_LENGTH  # here: this module imports none of ours (naming reads SOURCES)

    line = f"from {module} import {', '.join(names)}"
    if len(line) <= LINE_LENGTH:
        return line
    return f"from {module} import (\n" + "".join(f"    {name},\n" for name in names) + ")"


def isort_key(name: str) -> tuple[int, list[Any]]:
    """isort's order, as ruff's RUF022 wants ``__all__``: CONSTANTS, then Classes, then the rest."""
    kind = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return kind, natural(name)


def import_key(name: str) -> tuple[int, list[Any]]:
    """isort's order of the names of one ``from`` import (ruff's I001): ``isort_key``'s
    kinds (``_private`` is of the rest), then case-insensitively."""
    return isort_key(name)[0], natural(name.lower())


def natural(name: str) -> list[Any]:
    """Natural order (``p2`` before ``p10``), as ruff's RUF023 wants ``__slots__``."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name)]


def parse_tree(source: str) -> ast.Module:
    """``ast.parse`` that reads PEP 695 forms (``type X =``, ``def f[T](``, ``class C[T]:``) on
    Python < 3.12 as their pre-3.12 form, line for line (the callers ask names used, whether it parses)."""
    if sys.version_info < (3, 12):
        for pattern, replacement in _PEP695:
            source = pattern.sub(replacement, source)
    return ast.parse(source)


_PEP695 = (
    (re.compile(r"^type (\w+) = ", re.MULTILINE), r"\1 = "),
    (re.compile(r"^(\s*def \w+)\[\w+(?:: \w+)?(?:, \w+(?:: \w+)?)*\]\(", re.MULTILINE), r"\1("),
    (re.compile(r"^(\s*class \w+)\[\w+(?:: \w+)?(?:, \w+(?:: \w+)?)*\]:", re.MULTILINE), r"\1:"),
)
