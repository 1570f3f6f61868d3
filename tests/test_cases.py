"""The schema cases (tests/cases/<name>/): every schema form real specs use, each a case file
generated in every style. For each case and style: the generated module's models and glue
equal the golden beside the case file (goldens.py says what a golden holds), the payloads
of ``x-case`` are accepted, rejected and round-tripped as listed, and every annotation
evaluates; one mypy run and one ruff run check every case's module together, the runtime
package beside them once. docs/schema-support.md is the same table in prose.

Update the goldens after an intended change with ``pytest --snapshot-update tests/test_cases.py``
(the flag syrupy gives the other golden tests) and review the diff.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from case_files import CASE_FILE, CASES_DIR, ROOT_SCHEMA, Case, check_payloads, evaluate_annotations, read_cases
from conftest import ROOT, STYLES
from goldens import case_code, check_golden, defined_names, equal_goldens

CASES = read_cases()
UPDATE = "pytest --snapshot-update tests/test_cases.py"


def golden_text(style: str, text: str) -> str:
    """What the golden of a case in ``style`` holds: a line saying so, then ``case_code``."""
    return f"# {CASE_FILE} in the {style} style: the module's models and glue (tests/goldens.py)\n\n{case_code(text)}"


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_case(case: Case, style: str, cases: Any, request: pytest.FixtureRequest) -> None:
    """The golden (written instead with ``--snapshot-update``), then the payloads and the
    annotations; one test, so that a case's module is generated in one test process."""
    text = golden_text(style, cases.text(case.name, style))
    # the cut keeps the case's own definitions (a cut that kept something else could not fail)
    assert {ROOT_SCHEMA, f"parse_{ROOT_SCHEMA.lower()}"} <= defined_names(text), text[:2000]
    try:
        check_golden(case.golden(style), text, bool(request.config.getoption("--snapshot-update")), UPDATE)
    except AssertionError as exc:
        differs: AssertionError | None = exc  # reported after the payloads, which say more
    else:
        differs = None
    module = cases.module(case.name, style)
    check_payloads(case, style, module)
    assert evaluate_annotations(module) > 0
    if differs is not None:
        raise differs


@pytest.mark.slow
def test_every_case_module_passes_mypy_strict_and_ruff(cases: Any) -> None:
    """One mypy run and one ruff run over every case's module in every style (non-ASCII names
    included), and the runtime package beside them, once."""
    paths = cases.every_module(STYLES)
    directory = cases.directory
    assert sorted(p for p in directory.glob("*.py") if p.name != "__init__.py") == sorted(paths)
    for tool in (
        ["mypy", "--strict", "--no-incremental", "--python-version", "3.10"],
        ["ruff", "check", "--isolated", "--target-version", "py310"],
    ):
        result = subprocess.run(
            [sys.executable, "-m", *tool, str(directory)], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, result.stdout[-5000:]


def test_no_two_goldens_hold_the_same_code() -> None:
    """Every golden of the project (the cases' in every style, test_golden's, test_format's)
    holds code no other golden holds: a golden that equals another's checks nothing the
    other does not (the regex cut of old kept the runtime's part, the same in 41 goldens)."""
    files = [*CASES_DIR.glob("*/*.py"), *(ROOT / "tests" / "__snapshots__").rglob("*.py")]
    goldens = {path: path.read_text(encoding="utf-8") for path in files}
    assert len(goldens) >= len(CASES) * len(STYLES)
    same = equal_goldens(goldens)
    assert not same, "goldens that hold the same code:\n" + "\n".join(
        " = ".join(str(p.relative_to(ROOT)) for p in group) for group in same
    )


def test_equal_goldens_are_found() -> None:
    """The check above can fail: two goldens that differ only in their docstrings are equal."""
    code = '"""From spec A."""\n\nclass Root:\n    pass\n'
    goldens = {Path("a.py"): code, Path("b.py"): code.replace("spec A", "spec B"), Path("c.py"): "x = 1\n"}
    assert equal_goldens(goldens) == [[Path("a.py"), Path("b.py")]]


def test_every_case_directory_holds_its_file_and_a_golden_per_style() -> None:
    """A case is a directory of its case file and one golden per style, nothing else (a
    golden left behind by a removed case or style would be checked by nothing)."""
    expected = {CASE_FILE, *(f"{style}.py" for style in STYLES)}
    for directory in sorted(p for p in CASES_DIR.iterdir() if p.is_dir()):
        found = {p.name for p in directory.iterdir() if p.name != "__pycache__"}
        assert found <= expected, f"{directory}: {sorted(found - expected)} belong to no case; remove them"
        assert CASE_FILE in found, f"{directory} holds no {CASE_FILE}: remove the directory or add the case"
    assert [c.name for c in CASES] == sorted(p.name for p in CASES_DIR.iterdir() if p.is_dir())


def test_schema_support_doc_names_every_case() -> None:
    doc = (ROOT / "docs" / "schema-support.md").read_text(encoding="utf-8")
    for case in CASES:
        assert f"`{case.name}`" in doc, case.name
