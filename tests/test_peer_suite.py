"""A peer's test suite: every OpenAPI / JSON Schema document datamodel-code-generator tests
itself with (``../shared/peer/datamodel-code-generator/openapi``, 304 files, subdirectories
included), generated with ``--all-schemas`` in all three styles.

Each document either gives modules that import and pass ``mypy --strict`` and ``ruff check
--isolated --target-version py310``, or stops with a clear error (a ``SpecError`` naming its
file; through the CLI: exit 2, one ``error:`` line, nothing written). The documents allowed
to fail clearly are listed below, each with the message expected and the reason.

The classification is ``scripts/peer_suite.py``'s (run it for a grouped report). Layout for
pytest-xdist: one test per document (generate, import; clear errors through the CLI too),
spread over the workers; one test that generates everything into one directory and runs
mypy once and ruff once over all of it.
"""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import IN_CI

ROOT = Path(__file__).resolve().parent.parent


def _load_peer_suite() -> ModuleType:
    spec = importlib.util.spec_from_file_location("peer_suite", ROOT / "scripts" / "peer_suite.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["peer_suite"] = module
    spec.loader.exec_module(module)
    return module


peer = _load_peer_suite()

DOCS = peer.discover() if peer.PEER_DIR.is_dir() else []
RELS = [p.relative_to(peer.PEER_DIR).as_posix() for p in DOCS]
SPECS = dict(zip(RELS, DOCS))
STEMS = peer.stems_for(RELS)
EXPECTED_COUNT = 304
#: The modules are formatted by ruff: mypy's and ruff's verdicts do not depend on the layout (no
#: generated line carries a ``noqa`` or ``type: ignore``), black's is what the golden files hold.
RUFF = "ruff"

# data from ../shared (or GEN_MODELS_SHARED), not fetched by scripts/fetch_specs.py: skipped
# when absent, except under CI, where test_the_suite_and_the_allow_list_agree fails instead
pytestmark = [
    pytest.mark.shared,
    pytest.mark.skipif(
        not DOCS and not IN_CI,
        reason=f"the peer suite is not at {peer.PEER_DIR}: it comes with shared/ (set GEN_MODELS_SHARED=DIR)",
    ),
]

# The patterns match the fact a message must state (stable), not its wording.
_NOT_A_SPEC = r"(?i)not an OpenAPI|no 'openapi'"
_SELF_REFERENCE = r"refers to itself"
_REMOTE = r"--allow-remote-refs"
_OUTSIDE = r"--allow-outside-refs"

#: Documents that must stop with a clear error: relative path -> (regex the message must
#: match, why). Anything not listed must generate.
CLEAR_ERRORS: dict[str, tuple[str, str]] = {
    # -- not specs: the peer's CLI option files, deliberately broken input
    "aliases.json": (_NOT_A_SPEC, "the peer's --aliases file, not a schema"),
    "empty_aliases.json": (_NOT_A_SPEC, "an empty --aliases file ({})"),
    "empty_data.json": (_NOT_A_SPEC, "an empty --extra-template-data file ({})"),
    "extra_data.json": (_NOT_A_SPEC, "the peer's --extra-template-data file"),
    "extra_data_msgspec.json": (_NOT_A_SPEC, "the peer's --extra-template-data file"),
    "invalid.yaml": (_NOT_A_SPEC, "deliberately invalid input"),
    "list.json": (r"the top level is not a mapping", "deliberately invalid input (a JSON list)"),
    "not.json": (r"invalid JSON", "deliberately invalid input (not JSON)"),
    # -- fragments: bare maps of named schemas or path items that other documents $ref
    "root_model.yaml": (_NOT_A_SPEC, "bare schema map, the target of json_pointer.yaml's $ref"),
    "allof_no_merge_external_relative/schemas/aliases.yaml": (_NOT_A_SPEC, "fragment of ../openapi.yaml"),
    "allof_no_merge_external_relative/types.yaml": (_NOT_A_SPEC, "fragment of openapi.yaml"),
    "allof_required_inherited_external/schemas/inherited.yaml": (_NOT_A_SPEC, "fragment of ../openapi.yaml"),
    "allof_required_inherited_external/schemas/types.yaml": (_NOT_A_SPEC, "fragment of ../openapi.yaml"),
    "external_ref_with_transitive_local_ref/schemas/feedback.yaml": (_NOT_A_SPEC, "fragment of ../openapi.yaml"),
    "paths_external_ref/schemas/cat.yaml": (_NOT_A_SPEC, "fragment of ../openapi.yaml"),
    "paths_ref_with_external_schema/apis/pets/index.yaml": (_NOT_A_SPEC, "path-item fragment"),
    "paths_ref_with_external_schema/apis/pets/model.yaml": (_NOT_A_SPEC, "fragment of index.yaml"),
    "reference_same_hierarchy_directory/common/cat.yaml": (_NOT_A_SPEC, "fragment of ../public/entities.yaml"),
    "referenced_path_item_mutation_guard/path-item.yml": (_NOT_A_SPEC, "path-item fragment"),
    "webhooks_ref_with_external_schema/webhooks/model.yaml": (_NOT_A_SPEC, "fragment of pet_webhook.yaml"),
    "webhooks_ref_with_external_schema/webhooks/pet_webhook.yaml": (_NOT_A_SPEC, "webhook path-item fragment"),
    # -- references refused by default (opt in with a flag)
    "refs.yaml": (_REMOTE, "remote $ref (--allow-remote-refs)"),
    "read_only_write_only_url_ref.yaml": (_REMOTE, "remote $ref (--allow-remote-refs)"),
    "read_only_write_only_allof_url_ref.yaml": (_REMOTE, "remote $ref (--allow-remote-refs)"),
    "external_relative_ref/model_b/module.openapi.yaml": (
        _OUTSIDE,
        "$ref ../ (--allow-outside-refs)",
    ),
    "external_ref_mapping/nested/level1.yaml": (_OUTSIDE, "$ref ../ (--allow-outside-refs)"),
    "reference_same_hierarchy_directory/public/entities.yaml": (
        _OUTSIDE,
        "$ref ../ (--allow-outside-refs)",
    ),
    "external_ref_mapping/api_absolute_path_template.yaml": (
        r"__COMMON_ABSOLUTE_PATH__",
        "placeholder the peer's test fills in",
    ),
    "external_ref_mapping/api_file_uri_template.yaml": (
        r"__COMMON_URI__",
        "placeholder the peer's test fills in",
    ),
    # -- limits by design
    "duplicate_model_simplify.yaml": (r"'M'.*'m'|'m'.*'M'", "'M' and 'm' collide; asks to rename"),
    "all_exports_prefix_collision.yaml": (
        r"'InputMessage'.*'input\.Message'|'input\.Message'.*'InputMessage'",
        "'InputMessage' and 'input.Message' collide",
    ),
    "allof_required_inherited_rw_cycle.yaml": (r"allOf cycle|refers to itself", "A allOf B allOf A"),
    "allof_with_required_inherited_coverage.yaml": (_SELF_REFERENCE, "CyclicAliasA: $ref -> CyclicAliasB: $ref -> A"),
    "type_alias_mutual_recursive.yaml": (_SELF_REFERENCE, "NodeA = int | NodeB, NodeB = str | NodeA (no container)"),
    "type_alias_forward_ref_multiple.yaml": (
        _SELF_REFERENCE,
        "First = oneOf [Second], Second = First | ... (no container)",
    ),
}


def test_the_suite_and_the_allow_list_agree() -> None:
    assert len(DOCS) == EXPECTED_COUNT, f"the peer suite changed: {len(DOCS)} documents, expected {EXPECTED_COUNT}"
    assert sorted(set(CLEAR_ERRORS) - set(RELS)) == [], "allow-list entries that are not documents"


@pytest.mark.slow
def test_peer_modules_pass_mypy_strict_and_ruff(tmp_path: Path) -> None:
    """Every generated module of every document, in one directory: mypy --strict once,
    ruff once (first in this file: the longest test, so xdist starts it early)."""
    results, unexplained = peer.run_suite(DOCS, tmp_path, imports=False, formatter=RUFF)
    checked = [r for r in results if r.modules]
    assert checked, "nothing generated"
    assert not unexplained, unexplained
    failing = [r for r in results if any(kind in (peer.MYPY, peer.RUFF) for kind, _, _ in r.problems)]
    if failing:
        out = io.StringIO()
        peer.report(failing, out=out)
        pytest.fail(f"{len(failing)} document(s) fail mypy --strict or ruff:\n{out.getvalue()}", pytrace=False)


@pytest.mark.slow
@pytest.mark.parametrize("rel", RELS)
def test_peer_document_generates_and_imports_or_fails_clearly(rel: str, tmp_path: Path) -> None:
    result = peer.generate_one(SPECS[rel], rel, STEMS[rel], tmp_path, formatter=RUFF)
    assert result.verdict != peer.CRASH, f"crash: {result.error}"
    if rel in CLEAR_ERRORS:
        pattern, reason = CLEAR_ERRORS[rel]
        assert result.verdict == peer.CLEAR, f"expected a clear error ({reason}), but it generated"
        assert re.search(pattern, result.error), f"expected /{pattern}/ ({reason}), got: {result.error}"
        problem = peer.cli_check(SPECS[rel])
        assert problem is None, f"the CLI: {problem}"
        return
    assert result.verdict != peer.CLEAR, f"unexpected clear error: {result.error}"
    for style, path in result.modules.items():
        error = peer.import_module(path)
        assert error is None, f"{style} module does not import: {error}"
