"""The README and the docs stay true: their examples run, the numbers they state are what
gen-models writes, and CI runs the README's test command; the README stays a front door
(at most 250 lines)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import NEWEST_SPEC, RECORDED, RESPONSES, ROOT, SPECS, fetch_specs

README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The docs the README points to, read as one text (the examples and figures may be in either).
DOCS = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md"))}
USAGE = DOCS["docs/usage.md"]
EVERYTHING = "\n".join([README, *DOCS.values()])


def _example(style: str) -> str:
    match = re.search(rf"<!-- example: {style} -->\n```python\n(.*?)```", EVERYTHING, re.DOTALL)
    assert match, f"neither the README nor the docs have a {style} example"
    return match.group(1)


@pytest.mark.parametrize("style", ["pydantic", "dataclass", "typeddict", "surface"])
def test_readme_example_runs_on_a_recorded_stream(style: str, capsys: pytest.CaptureFixture[str]) -> None:
    recording = next(p for p in RECORDED if p.name == "openai-python-parallel_tools.sse")
    lines = recording.read_bytes().splitlines()
    sys.path.insert(0, str(ROOT))
    try:
        exec(compile(_example(style), f"README:{style}", "exec"), {"lines": lines})  # noqa: S102
    finally:
        sys.path.remove(str(ROOT))
    printed = capsys.readouterr().out
    assert printed.strip()


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "<!-- test-command -->" in ci and "README.md" in ci
    command = re.search(r"<!-- test-command -->\n```sh\n(.*)\n", README)
    assert command and "pytest" in command.group(1)


def _run_as_its_command_writes_it(name: str, spec: Path, recording: Path, tmp_path: Path) -> None:
    """The example's first line is the command that makes the module it imports: run it on
    ``spec`` (a copy named as in the command), then the example on ``recording``'s lines."""
    from generator.cli import main

    example = _example(name)
    command = re.match(r"# gen-models (.*)\n", example)
    assert command, f"the {name} example starts with its gen-models command"
    args = command.group(1).split()
    (tmp_path / args[0]).write_bytes(spec.read_bytes())
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        assert main([*args, "-q"]) == 0
    finally:
        os.chdir(here)
    module = re.search(r"^from (\w+)\.\w+ import", example, re.MULTILINE)
    assert module
    sys.path.insert(0, str(tmp_path))
    try:
        exec(compile(example, f"README:{name}", "exec"), {"lines": recording.read_bytes().splitlines()})  # noqa: S102
    finally:
        sys.path.remove(str(tmp_path))
        for loaded in [n for n in sys.modules if n == module.group(1) or n.startswith(module.group(1) + ".")]:
            del sys.modules[loaded]


@pytest.mark.shared
def test_readme_responses_example_runs_as_its_command_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On the upstream spec the README names."""
    assert NEWEST_SPEC.name.endswith(f"-{_upstream_commit()[:7]}.yaml")  # the spec the README names
    recording = next(p for p in RESPONSES if p.name.startswith("06_"))
    _run_as_its_command_writes_it("responses", NEWEST_SPEC, recording, tmp_path)
    printed = capsys.readouterr().out
    assert "completed" in printed and "function_call" in printed  # recording 06 calls a tool


@pytest.mark.slow
@pytest.mark.shared
def test_readme_narrowing_example_type_checks_and_forgetting_the_unknown_member_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 41: the README's narrowing example (a ``match`` over a union's members, its
    unknown one included) passes ``mypy --strict`` against the module the Responses example's
    command writes, and runs on a recording; the same code without the unknown member's
    ``case`` fails ``mypy --strict`` (at ``assert_never``)."""
    from generator.cli import main

    command = re.match(r"# gen-models (.*)\n", _example("responses"))
    assert command
    args = command.group(1).split()
    (tmp_path / args[0]).write_bytes(NEWEST_SPEC.read_bytes())
    monkeypatch.chdir(tmp_path)
    assert main([*args, "-q"]) == 0
    example = _example("narrowing")
    monkeypatch.syspath_prepend(str(tmp_path))
    recording = next(p for p in RESPONSES if p.name.startswith("02_"))  # an MCP call, then the answer's text
    try:
        exec(compile(example, "README:narrowing", "exec"), {"lines": recording.read_bytes().splitlines()})  # noqa: S102
    finally:
        for name in [n for n in sys.modules if n == "vendor" or n.startswith("vendor.")]:
            del sys.modules[name]
    assert capsys.readouterr().out.strip()  # the recording's answer text
    checked = "lines: list[str] = []\n" + example
    forgets = re.sub(r"\n *case UnknownOutputMessageContent\(\):[^\n]*\n[^\n]*", "", checked)
    forgets = forgets.replace("    UnknownOutputMessageContent,\n", "")
    assert forgets != checked and "UnknownOutputMessageContent" not in forgets
    (tmp_path / "narrowing_ok.py").write_text(checked, encoding="utf-8")
    (tmp_path / "narrowing_forgets.py").write_text(forgets, encoding="utf-8")
    mypy = [
        sys.executable,
        "-m",
        "mypy",
        "--strict",
        "--python-version",
        "3.11",  # the example imports typing.assert_never (3.10 has reached its end of life)
        "--cache-dir",
        str(tmp_path / ".mypy"),
    ]
    result = subprocess.run(
        [*mypy, "narrowing_ok.py", "narrowing_forgets.py"], capture_output=True, text=True, check=False
    )
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert errors, result.stdout[-3000:]
    assert all(line.startswith("narrowing_forgets.py:") for line in errors), result.stdout[-3000:]
    assert any("assert_never" in line and "UnknownOutputMessageContent" in line for line in errors), errors


@pytest.mark.shared
def test_readme_ollama_example_runs_as_its_command_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On Ollama's own spec, a recorded stream of JSON lines with thinking."""
    recording = ROOT / "tests" / "data" / "streams" / "ollama" / "ollama-bash-lib-generate-thinking-a.jsonl"
    _run_as_its_command_writes_it("ollama", SPECS / "ollama" / "openapi.yaml", recording, tmp_path)
    printed = capsys.readouterr().out
    assert "Describe a rabbit in 3 words" in printed and "Fluffy, swift, gentle." in printed and "stop" in printed


def test_the_readme_is_a_front_door() -> None:
    """At most 250 lines (issue #43); the reference is in docs/, each doc linked from it."""
    assert len(README.splitlines()) <= 250
    for doc in DOCS:
        assert f"]({doc})" in README, doc


@pytest.mark.parametrize("name", [*DOCS, "README.md"])
def test_every_python_block_compiles_and_every_example_runs_in_a_test(name: str) -> None:
    """Each ``python`` block of the README and the docs is valid Python; each marked
    ``<!-- example: NAME -->`` is run by a test of this suite (found by its name)."""
    text = README if name == "README.md" else DOCS[name]
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py"))
    for marker, block in re.findall(r"(?:<!-- example: ([\w-]+) -->\n)?```python\n(.*?)```", text, re.DOTALL):
        compile(block, f"{name}:{marker or 'block'}", "exec")
        if marker:
            assert f'"{marker}"' in tests or f"example: {marker}" in tests, f"no test runs the {marker} example"


def _upstream_commit() -> str:
    """The commit of the upstream spec the README's Responses section names."""
    found = re.search(r"raw\.githubusercontent\.com/openai/openai-openapi/([0-9a-f]{40})/openapi\.yaml", README)
    assert found, "the README names the upstream spec's address"
    return found.group(1)


def test_readme_names_the_pinned_upstream_spec() -> None:
    entry = next(e for e in fetch_specs.lock_entries() if e["commit"] == _upstream_commit())
    assert entry["url"] in README and entry["commit"][:7] in entry["path"]


def test_readme_has_no_placeholder_urls_and_a_license_ships() -> None:
    assert "<you>" not in README and "github.com/" not in README.replace("raw.githubusercontent.com", "")
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Copyright (c) 2026 gen-models contributors" in licence
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_readme_synopsis_lists_every_option() -> None:
    """Each option of `gen-models --help` is in the README's synopsis (but --url, refused)."""
    from generator.cli import _parser

    synopsis = re.search(r"## Command line\n\n```\n(.*?)```", USAGE, re.DOTALL)
    assert synopsis
    for action in _parser()._actions:
        for flag in action.option_strings:
            if flag.startswith("--") and flag not in ("--url", "--output", "--quiet"):
                assert flag in synopsis.group(1), flag


def _replay_transport() -> Any:
    """An httpx transport that answers every request with a recorded chat stream."""
    httpx = pytest.importorskip("httpx")
    body = next(p for p in RECORDED if p.name == "openai-python-parallel_tools.sse").read_bytes()

    def handler(request: Any) -> Any:
        assert request.url.path.endswith("/chat/completions")
        return httpx.Response(200, content=body, headers={"content-type": "text/event-stream"})

    return httpx.MockTransport(handler)


def _run_example(name: str, namespace: dict[str, Any]) -> None:
    match = re.search(rf"<!-- example: {name} -->\n```python\n(.*?)```", EVERYTHING, re.DOTALL)
    assert match, f"neither the README nor the docs have a {name} example"
    sys.path.insert(0, str(ROOT))
    try:
        exec(compile(match.group(1), f"README:{name}", "exec"), namespace)  # noqa: S102
    finally:
        sys.path.remove(str(ROOT))


@pytest.mark.parametrize("name", ["httpx", "httpx-async"])
def test_readme_httpx_examples_run_against_a_local_replay(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    httpx = pytest.importorskip("httpx")
    transport = _replay_transport()
    real_client, real_async = httpx.Client, httpx.AsyncClient
    monkeypatch.setattr(
        httpx, "stream", lambda method, url, **k: real_client(transport=transport).stream(method, url, **k)
    )

    class ReplayAsyncClient(real_async):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            async_transport = httpx.MockTransport(transport.handler)
            super().__init__(*args, transport=async_transport, **kwargs)

    monkeypatch.setattr(httpx, "AsyncClient", ReplayAsyncClient)
    _run_example(name, {"api_key": "sk-test", "messages": [{"role": "user", "content": "hi"}]})
    assert capsys.readouterr().out.strip()  # the answer's content (None here: the recording calls tools)


def test_readme_openai_sdk_example_runs_against_a_local_replay(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    openai = pytest.importorskip("openai")
    httpx = pytest.importorskip("httpx")
    transport = _replay_transport()
    real = openai.OpenAI
    monkeypatch.setattr(
        openai, "OpenAI", lambda **k: real(api_key="sk-test", http_client=httpx.Client(transport=transport), **k)
    )
    _run_example("openai", {"messages": [{"role": "user", "content": "hi"}]})
    printed = capsys.readouterr().out
    assert "[]" in printed  # no anomalies: the SDK's objects carry only what the server sent


def _count(text: str) -> int:
    return int(text.replace(",", ""))


@pytest.mark.slow
def test_readme_runtime_package_line_counts_are_what_gen_models_writes(tmp_path: Path) -> None:
    from generator.cli import main

    said = re.search(
        r"For `specs/openai.yaml` in the pydantic style: ([\d,]+) lines beside the runtime package\s+"
        r"\(([\d,]+) lines in (\d+) files\), or ([\d,]+) lines\s+inlined",
        USAGE,
    )
    assert said, "docs/usage.md states the runtime package's line counts"
    spec = str(ROOT / "specs" / "openai.yaml")
    assert main([spec, "--style", "pydantic", "-o", str(tmp_path / "package"), "-q"]) == 0
    assert main([spec, "--style", "pydantic", "--runtime", "inline", "-o", str(tmp_path / "inline"), "-q"]) == 0
    runtime = list((tmp_path / "package" / "_gen_models_runtime").glob("*.py"))
    got = [
        len((tmp_path / "package" / "openai_pydantic.py").read_text(encoding="utf-8").splitlines()),
        sum(len(p.read_text(encoding="utf-8").splitlines()) for p in runtime),
        len(runtime),
        len((tmp_path / "inline" / "openai_pydantic.py").read_text(encoding="utf-8").splitlines()),
    ]
    assert [_count(n) for n in said.groups()] == got


def test_readme_why_table_points_at_tests_and_benchmarks_that_exist() -> None:
    """Each row of "Why gen-models" names the test or bench section that measures it."""
    from bench.__main__ import SECTIONS

    table = README.split("## Why gen-models", 1)[1].split("\n## ", 1)[0]
    tests = re.findall(r"`(tests/\w+\.py)(?:::(\w+))?`", table)
    benches = re.findall(r"`python -m bench --only (\w+)`", table)
    assert len(tests) >= 5 and len(benches) >= 3
    for path, name in tests:
        text = (ROOT / path).read_text(encoding="utf-8")
        assert not name or f"def {name}(" in text, f"{path}::{name}"
    assert set(benches) <= set(SECTIONS)


def test_readme_fetch_commands_are_ones_fetch_specs_takes(tmp_path: Path) -> None:
    """Each ``scripts/fetch_specs.py`` command the README gives parses (run with ``--check``
    into an empty cache: it reports the files missing, exit 1, and fetches nothing)."""
    commands = re.findall(r"^\s*\.venv/bin/python scripts/fetch_specs\.py([^#\n]*)", EVERYTHING, re.MULTILINE)
    assert len(commands) >= 2
    for args in commands:
        assert fetch_specs.main([*args.split(), "--check", "--cache", str(tmp_path)]) == 1, args


@pytest.mark.slow
@pytest.mark.shared
def test_readme_bump_diff_sizes_are_what_gen_models_writes(tmp_path: Path) -> None:
    """The lines the real ``obfuscation`` bump moves in each default style, the header's
    sha256 and fingerprint lines left out (the README names them apart)."""
    import difflib

    from generator.pipeline import Options, generate

    said = re.search(
        r"moves\s+(\d+) lines of the dataclass module, (\d+) of the pydantic one and (\d+) of the TypedDict one", USAGE
    )
    assert said, "docs/usage.md states what the obfuscation bump moves"
    texts = []
    for commit in ("06a9404", "5fd39db"):
        spec = tmp_path / "openai.yaml"  # one name, as when the vendored spec is replaced
        spec.write_bytes((SPECS / "openai" / f"openapi-2026-08-19-{commit}.yaml").read_bytes())
        outputs, _ = generate(Options(spec=spec, output=tmp_path))
        texts.append([o.text.splitlines() for o in outputs if o.module])
    header = ("# sha256 of the source:", "# Fingerprint:")
    moved = [
        sum(
            1
            for line in difflib.unified_diff(old, new, n=0, lineterm="")
            if line[:1] in "+-" and not line.startswith(("+++", "---")) and not line[1:].startswith(header)
        )
        for old, new in zip(*texts)
    ]
    assert moved == [int(n) for n in said.groups()]


#: A path of this repository as the docs write it (in backquotes), up to a space, a
#: ``::test`` name, or a ``{a,b}`` pattern.
_REPO_PATH = re.compile(
    r"`((?:generator|tests|docs|scripts|bench|specs|templates|generated|\.ci)/[^`\s:*{}<>]*)(?=[`\s:])"
)


@pytest.mark.parametrize("name", [*DOCS, "README.md"])
def test_every_path_and_link_a_doc_names_is_in_the_repository(name: str) -> None:
    """Issue 43: a doc sends its reader only to files of this repository (none outside
    it, none renamed since): each backquoted repository path and each relative link."""
    text = README if name == "README.md" else DOCS[name]
    here = (ROOT / name).parent
    missing = [m.group(1) for m in _REPO_PATH.finditer(text) if not (ROOT / m.group(1).rstrip(".,)")).exists()]
    links = re.findall(r"\]\(([^)#\s]*)(?:#([^)]*))?\)", text)
    missing += [link for link, _ in links if link and not link.startswith("http") and not (here / link).exists()]
    for link, anchor in links:  # a heading the link names, in this doc or the one it names
        target = text if not link else (here / link).read_text(encoding="utf-8") if link.endswith(".md") else ""
        if anchor and target and anchor not in _anchors(target):
            missing.append(f"{link}#{anchor}")
    assert not missing, missing


def _anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a document's headings (lower case, punctuation dropped,
    spaces as hyphens)."""
    headings = re.findall(r"^#+ (.*)$", markdown, re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_templates_doc_names_exactly_the_context_keys_templates_receive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/templates.md's table of context names is what a custom template can rely on: every
    key a style's template receives is named there, and every name there is a key of some style
    (a key that went away, like ``unknown_event``, must leave the table too)."""
    from generator import render
    from generator.cli import main

    received: set[str] = set()
    real = render.render_template

    def spy(env: Any, name: str, context: dict[str, Any], custom: Any) -> str:
        received.update(context)
        return real(env, name, context, custom)

    monkeypatch.setattr(render, "render_template", spy)
    styles = [a for s in ("dataclass", "pydantic", "typeddict", "msgspec") for a in ("--style", s)]
    spec = str(ROOT / "specs" / "openai.yaml")
    assert main([spec, *styles, "--formatter", "ruff", "-o", str(tmp_path), "--no-cache", "-q"]) == 0
    doc = DOCS["docs/templates.md"]
    table = doc.split("| name | what it is |", 1)[1].split("\n\n", 1)[0]
    documented = {key for row in table.splitlines()[2:] for key in re.findall(r"`(\w+)`", row.split(" | ")[0])}
    # a style's own keys are named in its template's row (its last column)
    per_style = {k for row in doc.splitlines() if ".py.jinja` |" in row for k in re.findall(r"`(\w+)`", row)}
    assert received - documented - per_style == set(), "context keys docs/templates.md does not name"
    assert documented - received == set(), "names docs/templates.md lists that no template receives"
