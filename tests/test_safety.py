"""Nothing half-written, nothing injected: an interruption at any stage leaves the output
directory byte for byte as it was; hostile strings in every position of a spec come out as
inert, exact literals."""

from __future__ import annotations

import ast
import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import CHAT_SPEC, ROOT, STYLES, load_module
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import pipeline, pytypes, write
from generator.cli import main
from generator.fingerprint import unstamp


def snapshot_dir(directory: Path) -> dict[str, str]:
    """Every file under ``directory`` (and its parent, for stray temporaries) with a hash."""
    return {
        str(p.relative_to(directory.parent)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(directory.parent.rglob("*"))
        if p.is_file() and "specs" not in p.parts
    }


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "specs").mkdir()
    shutil.copy(CHAT_SPEC, tmp_path / "specs" / "openai.yaml")
    monkeypatch.chdir(tmp_path)
    assert main(["specs/openai.yaml", "-q"]) == 0
    # change the spec so that a new run would rewrite every module
    spec = tmp_path / "specs" / "openai.yaml"
    spec.write_text(spec.read_text().replace("Identifier of the chat completion;", "Id of the chat completion;"))
    return tmp_path


def _boom(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("interrupted")


STAGES = {
    "load": (pipeline, "load_document"),
    "interpret": (pipeline.Interpreter, "read_component"),
    "merge_plan": (pipeline, "plan_stream"),
    "render": (pipeline, "render"),
    "format": (pipeline, "format_modules"),
    "write_staging": (write, "_stage"),
}


@pytest.mark.slow
@pytest.mark.parametrize("stage", [*STAGES, "rename"])
def test_an_interruption_at_any_stage_leaves_the_output_as_it_was(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stage: str
) -> None:
    before = snapshot_dir(project / "generated")
    with pytest.MonkeyPatch.context() as patch:
        status = _run_interrupted(patch, stage)
    if stage == "rename":  # a failing disk is the user's to fix (exit 2), not a bug (123)
        assert status == 2
        assert "disk full; nothing was changed" in capsys.readouterr().err
    else:
        assert status == 123
    assert snapshot_dir(project / "generated") == before
    assert main(["specs/openai.yaml", "-q"]) == 0  # and the next run completes
    assert snapshot_dir(project / "generated") != before


def _run_interrupted(monkeypatch: pytest.MonkeyPatch, stage: str) -> int:
    if stage == "rename":
        real_replace = write.os.replace
        calls = {"n": 0}

        def replace_then_fail(src: Any, dst: Any) -> None:
            calls["n"] += 1
            if calls["n"] == 2:  # the second module's rename fails, after the first succeeded
                raise OSError("disk full")
            real_replace(src, dst)

        monkeypatch.setattr(write.os, "replace", replace_then_fail)
    else:
        owner, name = STAGES[stage]
        monkeypatch.setattr(owner, name, _boom)
    return main(["specs/openai.yaml", "-q"])


HOSTILE = [
    '"""',
    "'''",
    "ends with a backslash \\",
    "nul \x00 byte",
    "new\nline",
    "carriage\rreturn",
    "{{ 7*7 }}",
    "{% include 'x' %}",
    "__import__('os').system('touch PWNED')",
    '"""; import os; os.system(\'touch PWNED\'); """',
    "line\u2028separator and paragraph\u2029separator",
    "bidi \u202e override \u2066isolate\u2069",
    "# a comment",
]


def hostile_spec() -> dict[str, Any]:
    """A spec with a hostile string in every position: title, version, schema names and
    titles, property names, descriptions, enum values, defaults, patterns, examples,
    discriminator names and tags."""
    props: dict[str, Any] = {"object": {"type": "string", "enum": ["evil.chunk"]}}
    for i, text in enumerate(HOSTILE):
        props[f"p{i} {text}"] = {
            "type": "string",
            "title": text,
            "description": text,
            "enum": [text, f"{text}!"],
            "default": text,
            "pattern": text,
            "example": text,
        }
    props["tagged"] = {
        "oneOf": [{"$ref": "#/components/schemas/Evil{{ 7*7 }}One"}],
        "discriminator": {"propertyName": 'kind"""', "mapping": {HOSTILE[8]: "#/components/schemas/Evil{{ 7*7 }}One"}},
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": HOSTILE[9], "version": HOSTILE[4]},
        "paths": {},
        "components": {
            "schemas": {
                "Chunk": {"type": "object", "description": "\n".join(HOSTILE), "properties": props},
                "Evil{{ 7*7 }}One": {
                    "type": "object",
                    "title": HOSTILE[0],
                    "description": HOSTILE[2],
                    "properties": {'kind"""': {"type": "string"}},
                },
            }
        },
    }


def test_hostile_strings_compile_import_and_keep_their_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    spec = tmp_path / "evil.json"
    spec.write_text(json.dumps(hostile_spec()))
    assert main([str(spec), "-o", "out", "-q", *[a for style in STYLES for a in ("--style", style)]]) == 0
    for style in STYLES:
        text = (tmp_path / "out" / f"evil_{style}.py").read_text()
        for char in ("\x00", "\r", "\u2028", "\u2029", "\u202e", "\u2066"):
            assert char not in text, (style, repr(char))
        module = load_module(tmp_path / "out" / f"evil_{style}.py")
        assert not (tmp_path / "PWNED").exists()
        # the names the merge knows, spelled out or read from the class (pydantic)
        assert module.ChunkAccumulator()._root._known >= {f"p{i} {t}" for i, t in enumerate(HOSTILE)}
        # every hostile enum value and property name round-trips exactly
        payload = {"object": "evil.chunk", "tagged": {'kind"""': HOSTILE[8]}}
        payload.update({f"p{i} {t}": t for i, t in enumerate(HOSTILE)})
        parsed = module.parse_chunk(json.loads(json.dumps(payload)))
        if style in ("dataclass", "msgspec"):
            back = parsed.to_dict()
        elif style == "pydantic":
            back = parsed.model_dump(exclude_unset=True)
        else:
            back = parsed
        assert back == payload
    # the Jinja-looking text stayed text (the fingerprint line's hex digits aside)
    assert "49" not in unstamp((tmp_path / "out" / "evil_pydantic.py").read_text())[0].split("__all__")[0]


def test_hostile_spec_modules_pass_mypy_and_ruff(tmp_path: Path) -> None:
    import subprocess
    import sys

    spec = tmp_path / "evil.json"
    spec.write_text(json.dumps(hostile_spec()))
    assert (
        main([str(spec), "-o", str(tmp_path / "out"), "-q", *[a for style in STYLES for a in ("--style", style)]]) == 0
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(tmp_path / "out")], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout[-3000:]
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--target-version", "py310", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]


def test_nothing_but_the_final_rename_touches_the_output_directory(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Staging happens in a temporary directory; in the output directory itself, only
    os.replace lands files."""
    generated = project / "generated"
    opened: list[str] = []
    real_open = open

    def spy_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        mode = args[0] if args else kwargs.get("mode", "r")
        if any(c in mode for c in "wax+"):
            opened.append(str(file))
        return real_open(file, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("builtins.open", spy_open)
        assert main(["specs/openai.yaml", "-q"]) == 0
    assert opened and not [p for p in opened if Path(p).parent == generated]


@pytest.mark.slow
def test_staging_stays_inside_the_output_directory_so_a_mount_point_can_be_written(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The output directory stands for a mount point: a rename into it from anywhere else
    fails with EXDEV ("Invalid cross-device link"); and nothing beside it may appear."""
    import errno
    import os

    generated = project / "generated"
    beside_before = sorted(os.listdir(project))
    seen_beside: list[list[str]] = []
    real_replace = os.replace

    def mounted_replace(src: Any, dst: Any) -> None:
        seen_beside.append(sorted(os.listdir(project)))
        if Path(dst).parent == generated and generated not in Path(src).parents:
            raise OSError(errno.EXDEV, "Invalid cross-device link", str(src))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", mounted_replace)
    assert main(["specs/openai.yaml", "-q"]) == 0
    assert seen_beside and all(listing == beside_before for listing in seen_beside)
    assert sorted(os.listdir(project)) == beside_before
    assert not [p for p in os.listdir(generated) if p.startswith(".")]  # the staging directory is gone


def test_pipeline_source_writes_only_through_write_all() -> None:
    """A static check: no generator module but write.py opens files for writing (and cache.py,
    which writes only gen-models' cache directory, never an output)."""
    offenders = []
    for path in (ROOT / "generator").glob("*.py"):
        if path.name in ("write.py", "cache.py"):
            continue
        source = path.read_text()
        if any(
            token in source for token in ("write_text(", "write_bytes(", '"w"', "'w'", "os.replace(", "shutil.move(")
        ):
            offenders.append(path.name)
    assert offenders == []


def test_hostile_descriptions_and_defaults_keep_their_exact_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each field's docstring holds its description exactly, the class's its defaults as
    literals that evaluate back to the spec's strings, each on one line (dataclass and
    pydantic; the TypedDict of such names is the functional form, without field docstrings)."""
    import ast
    import inspect

    monkeypatch.chdir(tmp_path)
    spec = tmp_path / "evil.json"
    spec.write_text(json.dumps(hostile_spec()))
    assert main([str(spec), "-o", "out", "-q"]) == 0
    for style in ("dataclass", "pydantic"):
        tree = ast.parse((tmp_path / "out" / f"evil_{style}.py").read_text())
        chunk = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Chunk")
        docs = [
            inspect.cleandoc(b.value.value)  # docstring indentation, as help() reads it
            for a, b in zip(chunk.body, chunk.body[1:])
            if isinstance(a, ast.AnnAssign) and isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant)
        ]
        assert [inspect.cleandoc(text) for text in HOSTILE if inspect.cleandoc(text) not in docs] == [], style
        described, defaults = (ast.get_docstring(chunk) or "").split("\n\nSpec defaults, not applied: ")
        assert described == "\n".join(HOSTILE), style
        # each default a literal on one line (never broken where it wraps), evaluating to its text
        shown = re.findall(r"``\w+=(.+?)``(?:,\s|\.\Z)", defaults)
        assert [ast.literal_eval(s) for s in shown] == HOSTILE, style


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(), max_size=60) | st.sampled_from(HOSTILE))
def test_a_docstring_literal_holds_its_text_exactly(text: str) -> None:
    """``pytypes.docstring`` (its fast path for text with nothing to escape, and the
    escaping one): the literal, evaluated, is the stripped text itself (the closing quotes
    end its last line)."""
    value = ast.literal_eval(pytypes.docstring(text))
    assert value == text.strip()


# -- merge maps are input like specs -------------------------------------------------------------

EVENTS = ROOT / "tests" / "bad_specs" / "events.yaml"
MAP_HEAD = "root: Event\ntarget: Thing\ntag: type\nevents:\n  thing.created: {op: init}\n"


def test_yaml_values_a_map_may_hold_come_out_as_importable_plain_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bare date stays its text (YAML 1.2), keys of any scalar type become text: the
    module imports and holds exactly that."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "map.yaml").write_text(
        MAP_HEAD + '  thing.item.added: {op: create, at: "items[{index}]", value: item,'
        " new: {text: 2024-01-01, 1: one, true: yes, null: ~, 2.5: x}}\n"
    )
    status = main([str(EVENTS), "--schema", "Event", "--merge-map", "map.yaml", "--style", "dataclass", "-q"])
    assert status == 0
    path = tmp_path / "generated" / "events_dataclass.py"
    load_module(path)  # it imports
    slot = next(
        node.value
        for node in ast.parse(path.read_text()).body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "_EVENT_ITEMS_ITEM"
    )
    assert isinstance(slot, ast.Call)
    new = next(k.value for k in slot.keywords if k.arg == "new")
    assert ast.literal_eval(new) == {
        "text": "2024-01-01",
        "1": "one",
        "true": "yes",
        "null": None,
        "2.5": "x",
    }


def test_inf_in_an_inline_x_merge_is_refused_at_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    spec = EVENTS.read_text() + (
        "      x-merge:\n        target: Thing\n        tag: type\n        events:\n"
        "          thing.created: {op: init}\n"
        '          thing.item.added: {op: create, at: "items[{index}]", value: item, new: {score: -.inf}}\n'
    )
    (tmp_path / "inline.yaml").write_text(spec)
    assert main(["inline.yaml", "--schema", "Event", "-q"]) == 2
    assert capsys.readouterr().err == (
        "error: inline.yaml:38:29 #/components/schemas/Event/x-merge/events/thing.item.added: "
        "'new' holds inf or nan, which JSON has not; write a finite number or a string\n"
    )
    assert not (tmp_path / "generated").exists()


# --------------------------------------------------------------------------- odd outputs (issue 42)


def _odd_things(target: Path) -> dict[str, Any]:
    """What may stand at an output's path, each made by its function."""
    import os

    def directory() -> None:
        target.mkdir()

    def not_utf8() -> None:
        target.write_bytes(b"\xff\xfe not a module")

    def symlink_loop() -> None:
        os.symlink(target.name, target)

    def loop_of_two() -> None:
        os.symlink("other", target)
        os.symlink(target.name, target.parent / "other")

    def fifo() -> None:
        os.mkfifo(target)

    def symlink_to_a_directory() -> None:
        (target.parent / "elsewhere").mkdir()
        os.symlink("elsewhere", target)

    return {f.__name__: f for f in (directory, not_utf8, symlink_loop, loop_of_two, fifo, symlink_to_a_directory)}


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["run", "--check", "--diff"])
@pytest.mark.parametrize("odd", list(_odd_things(Path("x"))))
def test_any_odd_thing_at_an_output_path_is_a_one_line_error(
    project: Path, capsys: pytest.CaptureFixture[str], odd: str, mode: str
) -> None:
    """An output module's path holding a directory, a file that is not UTF-8 or a symlink loop
    was exit 123 "internal error" (``IsADirectoryError``, ``UnicodeDecodeError``, ``OSError``
    from ``Output.current()``), a fifo hung the run; in a run, ``--check`` and ``--diff``,
    any of them is one line naming the path, exit 2, nothing written."""
    target = project / "generated" / "openai_typeddict.py"
    target.unlink()
    _odd_things(target)[odd]()
    before = snapshot_dir(project / "generated")
    capsys.readouterr()
    status = main(["specs/openai.yaml", "-q", *([] if mode == "run" else [mode])])
    out, err = capsys.readouterr()
    assert status == 2, err
    assert err.count("\n") == 1 and err.startswith("error: cannot write generated/openai_typeddict.py: "), err
    assert "nothing was written" in err and out == ""
    assert snapshot_dir(project / "generated") == before


# --------------------------------------------------------------------------- staging left behind (issue 42)


def _staging(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith(".gen-models-"))


def test_staging_a_killed_run_left_is_removed_by_the_next_run_never_a_live_one(project: Path) -> None:
    """A run killed between two renames left its ``.gen-models-*`` directory for good. The
    next run that writes there removes every one no live run holds: one whose lock nobody
    holds (its run ended), one without a lock older than an hour (an older gen-models');
    one a live run holds, or made this instant, stays."""
    import fcntl
    import os

    generated = project / "generated"
    for name in ("killed", "old", "held", "new"):
        (generated / f".gen-models-{name}").mkdir()
        (generated / f".gen-models-{name}" / "openai_typeddict.py").write_text("half")
    for name in ("killed", "held"):
        (generated / f".gen-models-{name}" / ".lock").touch()
    hour_ago = os.stat(generated).st_mtime - 7200
    os.utime(generated / ".gen-models-old", (hour_ago, hour_ago))
    held = os.open(generated / ".gen-models-held" / ".lock", os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert main(["specs/openai.yaml", "-q"]) == 0
    finally:
        os.close(held)
    assert _staging(generated) == [".gen-models-held", ".gen-models-new"]


@pytest.mark.slow
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_a_run_killed_while_it_writes_leaves_its_staging_to_the_next_run(project: Path, how: str) -> None:
    """Killed outright (``SIGKILL``) between two renames, a run leaves its staging directory
    and a mixed set of files: the next run removes the one and writes the other whole. A
    signal the process sees (``SIGTERM``) puts the old files back and removes the staging
    before the process ends by it."""
    import signal
    import subprocess
    import sys

    generated = project / "generated"
    before = snapshot_dir(generated)
    script = f"""
import os, signal, sys
sys.path.insert(0, {str(ROOT)!r})
from generator import cli, write
real = write.os.replace
calls = []
def replace(src, dst):
    calls.append(dst)
    if len(calls) == 2:
        os.kill(os.getpid(), signal.{how})
    real(src, dst)
write.os.replace = replace
sys.exit(cli.main(["specs/openai.yaml", "-q"]))
"""
    killed = subprocess.run(
        [sys.executable, "-c", script], cwd=project, capture_output=True, text=True, timeout=300, check=False
    )
    assert killed.returncode == -getattr(signal, how), killed.stderr
    if how == "SIGKILL":
        assert _staging(generated) and snapshot_dir(generated) != before
    else:  # seen: unwound like any failure
        assert not _staging(generated) and snapshot_dir(generated) == before
    assert main(["specs/openai.yaml", "-q"]) == 0
    assert not _staging(generated) and main(["specs/openai.yaml", "--check", "-q"]) == 0
