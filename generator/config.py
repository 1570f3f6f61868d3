"""Config: ``[tool.gen-models]`` in the nearest ``pyproject.toml``, found as black finds its.

Its keys (``KEYS``; docs/usage.md shows them all) are named after the command-line flags, which
override them: plural for a repeatable flag, ``merge-policies`` a table, ``shipped-maps = false``
for ``--no-shipped-maps``; paths are relative to the ``pyproject.toml``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet

from .errors import SpecError, did_you_mean

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

#: Each key of the table and the TOML type its value must have.
KEYS: dict[str, type] = {
    "spec": str,
    "output": str,
    "styles": list,
    "schemas": list,
    "all-schemas": bool,
    "module": str,
    "target-python": str,
    "merge-policies": dict,
    "allow-remote-refs": bool,
    "allow-outside-refs": bool,
    "runtime": str,
    "merge-maps": list,
    "custom-template-dir": str,
    "formatter": str,
    "shipped-maps": bool,
}
#: How a message names each type.
_KINDS = {list: "list", bool: "boolean", dict: "table", str: "string"}


@dataclass(frozen=True)
class Config:
    """The ``[tool.gen-models]`` table (``values``) and the file it came from (relative paths start
    at its directory)."""

    path: Path
    values: dict[str, Any]


def find_project_root(start: Path) -> Path | None:
    """The nearest directory at or above ``start`` with a ``pyproject.toml``, else None."""
    return next((directory for directory in (start, *start.parents) if (directory / "pyproject.toml").is_file()), None)


def project_python(start: Path) -> tuple[int, int] | None:
    """The oldest Python from 3.10 on that the nearest ``[project] requires-python`` admits
    (``">=3.11"``: ``(3, 11)``; ``">=3.8"``: ``(3, 10)``), as the project's ruff reads it; None without one.

    Raises:
        SpecError: the file is not valid TOML, or the value is no version specifier.
    """
    root = find_project_root(start)
    if root is None:
        return None
    path = root / "pyproject.toml"
    project = _toml(path).get("project")
    written = project.get("requires-python") if isinstance(project, dict) else None
    if written is None:
        return None
    try:
        admitted = SpecifierSet(str(written))
    except InvalidSpecifier:
        raise SpecError(
            f"[project] requires-python {written!r} is no version specifier (such as '>=3.11'); "
            "fix it, or pass --target-python",
            path,
        ) from None
    # the last patch release of each minor version: ">=3.11.4" admits Python 3.11
    return next(((3, m) for m in range(10, 30) if admitted.contains(f"3.{m}.99", prereleases=True)), None)


def load_config(start: Path) -> Config | None:
    """The nearest ``pyproject.toml`` at or above ``start`` with a ``[tool.gen-models]`` table, or None.

    Raises:
        SpecError: the file is not valid TOML, or the table has an unknown key or a value
            of the wrong type (the message names the key).
    """
    for directory in (start, *start.parents):
        path = directory / "pyproject.toml"
        tool = _toml(path).get("tool", {}) if path.is_file() else {}
        if not isinstance(tool, dict):  # `tool = 5`: no table, so no [tool.gen-models] either
            raise SpecError("[tool] must be a table", path)
        if tool.get("gen-models") is not None:
            _check(tool["gen-models"], path)
            return Config(path, tool["gen-models"])
    return None


def _toml(path: Path) -> dict[str, Any]:
    """A ``SpecError`` naming ``path`` when it is not valid TOML (or UTF-8)."""
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SpecError(f"invalid TOML: {exc}", path) from None
    return data


def _check(table: Any, path: Path) -> None:
    if not isinstance(table, dict):
        raise SpecError("[tool.gen-models] must be a table", path)
    for key, value in table.items():
        if key not in KEYS:
            raise SpecError(f"[tool.gen-models] has an unknown key {key!r}{did_you_mean(key, KEYS)}", path)
        if not isinstance(value, KEYS[key]):
            raise SpecError(f"[tool.gen-models] {key} must be a {_KINDS[KEYS[key]]}", path)
        if isinstance(value, list) and not all(isinstance(v, str) for v in value):
            raise SpecError(f"[tool.gen-models] {key} must be a list of strings", path)
        if isinstance(value, dict) and not all(isinstance(v, str) for v in value.values()):
            raise SpecError('[tool.gen-models.merge-policies] values must be strings (PATH = "POLICY")', path)
