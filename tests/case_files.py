"""The schema cases: tests/cases/<name>/case.yaml, each a small OpenAPI document whose root
schema is ``Root`` (``gen-models tests/cases/<name>/case.yaml --schema Root`` generates it),
with what the generated types must do under its ``x-case`` key, and each style's golden
beside it (``<style>.py``: see goldens.py). tests/cases/README.md says how to add one;
tests/test_cases.py is the harness that runs them all.

``x-case`` holds lists of JSON payloads (read by the same YAML 1.2 reader as the spec):
``accept`` (every style parses each), ``reject`` (every style refuses each with a
``ValueError``: ``ParseError``, pydantic's and msgspec's errors all are) and ``round_trip``
(each parsed and written back as JSON is the same payload).
"""

from __future__ import annotations

import copy
import importlib
import itertools
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from conftest import ROOT, write_outputs

from generator.errors import SpecError
from generator.load import load_document
from generator.pipeline import Options, generate

CASES_DIR = ROOT / "tests" / "cases"
CASE_FILE = "case.yaml"
#: The keys of ``x-case``: each a list of payloads.
CASE_KEYS = ("accept", "reject", "round_trip")
#: The root schema every case generates (``--schema Root``).
ROOT_SCHEMA = "Root"
#: A case's name is its directory's: a module name (the generated modules are ``<name>_<style>``).
CASE_NAME = re.compile(r"[a-z][a-z0-9_]*")
_packages = itertools.count()


class CaseError(Exception):
    """A case file that cannot be read as a case: its path and what to change."""


@dataclass(frozen=True)
class Case:
    """One case: its name, its file (the spec) and its payloads."""

    name: str
    spec: Path
    accept: tuple[Any, ...]
    reject: tuple[Any, ...]
    round_trip: tuple[Any, ...]

    def golden(self, style: str) -> Path:
        """The golden file of ``style`` (beside the case file)."""
        return self.spec.parent / f"{style}.py"


def read_case(directory: Path) -> Case:
    """The case in ``directory``.

    Raises:
        CaseError: the name is not a module name, the file is missing or not YAML, or
            ``x-case`` is not a mapping of the ``CASE_KEYS`` to lists (``accept`` not empty).
    """
    spec = directory / CASE_FILE
    where = spec.relative_to(ROOT)
    if not CASE_NAME.fullmatch(directory.name):
        raise CaseError(f"{where}: name the directory in lower case, digits and _ (it names the modules)")
    try:
        data = load_document(spec).data
    except SpecError as exc:
        raise CaseError(f"{where}: {exc}") from None
    # the loader's numbers keep their source text (int and float subclasses): plain JSON values
    payloads = json.loads(json.dumps(data.get("x-case") if isinstance(data, dict) else None))
    if not isinstance(payloads, dict):
        raise CaseError(f"{where}: give the payloads under a top-level `x-case` mapping ({', '.join(CASE_KEYS)})")
    unknown = sorted(set(payloads) - set(CASE_KEYS))
    if unknown:
        raise CaseError(f"{where}: x-case has {', '.join(unknown)}; its keys are {', '.join(CASE_KEYS)}")
    for key, value in payloads.items():
        if not isinstance(value, list):
            raise CaseError(f"{where}: x-case.{key} must be a list of payloads")
    if not payloads.get("accept"):
        raise CaseError(f"{where}: x-case.accept must list at least one payload the types take")
    return Case(directory.name, spec, *(tuple(payloads.get(key) or ()) for key in CASE_KEYS))


def read_cases() -> list[Case]:
    """Every case under tests/cases, by name (see ``read_case`` for what it raises)."""
    return [read_case(d) for d in sorted(CASES_DIR.iterdir()) if d.is_dir() and not d.name.startswith((".", "_"))]


def wire(style: str, value: Any) -> Any:
    """A parsed value written back as JSON data (a tuple is a JSON list again)."""
    if style == "pydantic":
        value = value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    elif style in ("dataclass", "msgspec"):
        value = value.to_dict()
    return json.loads(json.dumps(value))


def check_payloads(case: Case, style: str, module: ModuleType) -> None:
    """Every payload of ``case`` through ``module.parse_root``, as ``x-case`` says.

    Raises:
        AssertionError: naming the case, the style and the payload.
    """
    parse = module.parse_root
    for payload in case.accept:
        try:
            parse(copy.deepcopy(payload))
        except Exception as exc:
            raise AssertionError(
                f"{case.name} ({style}) rejects {payload!r}, which x-case.accept lists: {exc}"
            ) from exc
    for payload in case.reject:
        try:
            parse(copy.deepcopy(payload))
        except ValueError:  # ParseError and pydantic's ValidationError both are
            continue
        raise AssertionError(f"{case.name} ({style}) accepts {payload!r}, which x-case.reject lists")
    for payload in case.round_trip:
        back = wire(style, parse(copy.deepcopy(payload)))
        assert back == payload, f"{case.name} ({style}): {payload!r} comes back as {back!r}"


def evaluate_annotations(module: Any) -> int:
    """Evaluate every annotation of a generated module: ``typing.get_type_hints`` on each
    class it defines (with the module's namespace), each alias's value (a string one
    evaluated there), and a pydantic ``TypeAdapter`` on each alias of the pydantic style.
    Returns how many were evaluated; raises what an expression raises (``None | None``)."""
    import inspect
    import typing

    from pydantic import TypeAdapter

    namespace = vars(module)
    count = 0
    for name, value in list(namespace.items()):
        if isinstance(value, type) and value.__module__ == module.__name__:
            # each class of its MRO in its own module's namespace (a runtime base's in the runtime's)
            typing.get_type_hints(value, include_extras=True)
            count += 1
            # its methods too, which frameworks read (``from_dict``'s ``Self`` is Any at run
            # time); not pydantic's, whose recursive models a method's hints can build too early
            for attribute in list(vars(value).values()) if not module.__name__.endswith("pydantic") else ():
                function = getattr(attribute, "__func__", attribute)
                if inspect.isfunction(function) and function.__module__ == module.__name__:
                    typing.get_type_hints(function, include_extras=True)
                    count += 1
    hints = namespace.get("__annotations__", {})
    for name, hint in hints.items():
        if hint != "TypeAlias" and hint is not typing.TypeAlias:
            continue
        value = namespace[name]
        if isinstance(value, str):
            # a recursive alias held as a string (before Python 3.12, the standard-library
            # styles): evaluated as get_type_hints evaluates a class's annotation of it
            holder = type("Holder", (), {"__annotations__": {"value": value}, "__module__": module.__name__})
            typing.get_type_hints(holder, namespace, namespace, include_extras=True)
            count += 1
            continue
        if module.__name__.endswith("pydantic"):
            TypeAdapter(value)
        count += 1
    for name, value in namespace.items():
        if type(value).__name__ == "TypeAliasType":  # pydantic's recursive aliases
            TypeAdapter(value)
            count += 1
    return count


class Generated:
    """Each case's module in each style, generated once per test process on first use, all
    into one directory (with the runtime package beside them: one mypy run checks them all).
    A module is generated alone (one style a run): the style's module is the same whatever
    else a run writes but for its header, and one module is formatted in this process, not
    in a pool (the test workers are the parallelism). Cases are named as in tests/cases."""

    def __init__(self, directory: Path, cases: list[Case]) -> None:
        self.directory = directory
        self.cases = {case.name: case for case in cases}
        self._paths: dict[tuple[str, str], Path] = {}
        self._texts: dict[tuple[str, str], str] = {}
        self._modules: dict[tuple[str, str], ModuleType] = {}
        self._package = f"gen_models_cases_{next(_packages)}"

    def _generate(self, name: str, style: str) -> None:
        options = Options(
            spec=self.cases[name].spec,
            output=self.directory,
            schemas=(ROOT_SCHEMA,),
            styles=(style,),
            module=name,
            root=ROOT,
        )
        outputs, _ = generate(options)
        # the runtime package's files are the same in every run: written once
        write_outputs([o for o in outputs if o.module or not o.path.exists()])
        self._paths[name, style] = outputs[0].path
        self._texts[name, style] = outputs[0].text

    def text(self, name: str, style: str) -> str:
        """The module's text, as generated (before the fingerprint a write adds)."""
        if (name, style) not in self._texts:
            self._generate(name, style)
        return self._texts[name, style]

    def module(self, name: str, style: str) -> ModuleType:
        """The module, imported as a member of one package made for the directory (so every
        case's module imports one runtime package, as a user's modules do)."""
        if (name, style) not in self._modules:
            self.text(name, style)
            if self._package not in sys.modules:
                holder = ModuleType(self._package)
                holder.__path__ = [str(self.directory)]
                sys.modules[self._package] = holder
            importlib.invalidate_caches()  # files written since the last import
            self._modules[name, style] = importlib.import_module(f"{self._package}.{self._paths[name, style].stem}")
        return self._modules[name, style]

    def every_module(self, styles: tuple[str, ...]) -> list[Path]:
        """Every case generated in every style (what this process has not yet): their files."""
        for name in self.cases:
            for style in styles:
                self.text(name, style)
        return [self._paths[name, style] for name in self.cases for style in styles]
