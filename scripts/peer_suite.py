"""Run gen-models over a peer's test suite: every OpenAPI / JSON Schema document that
datamodel-code-generator tests itself with (``../shared/peer/datamodel-code-generator/openapi``).

Each document is generated in-process with ``--all-schemas`` in all three styles. It must
either give modules that import, pass ``mypy --strict`` and ``ruff check --isolated``, or
stop with a clear error (a ``SpecError`` that names its file: no traceback, nothing
written). Every document gets one verdict, the first that applies:

    crash        generation raised something other than SpecError, or timed out, or
                 raised a SpecError that names no file or calls itself an internal error
    clear-error  generation raised SpecError (checked through the CLI too with --cli-check)
    import       a generated module failed to import
    mypy         mypy --strict reported an error in a generated module
    ruff         ruff reported a problem in a generated module
    generated    all of the above passed

All modules of all documents go into one directory under unique names
(``p_<path>_<style>.py``); each is imported, then mypy runs ONCE over the directory and
ruff ONCE. Usage::

    python scripts/peer_suite.py                  # the whole suite, tally and problems
    python scripts/peer_suite.py --filter nullable --limit 5 -v
    python scripts/peer_suite.py --keep /tmp/peer  # keep the generated modules
    python scripts/peer_suite.py --cli-check       # also run the CLI on every clear error
    python scripts/peer_suite.py --probe-root      # diagnosis: see past a missing stream root

Exit status 0 when there is no crash, import, mypy or ruff failure; 1 otherwise.
``tests/test_peer_suite.py`` imports this file and asserts the same in CI form.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import importlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from generator.pipeline import Options

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("GEN_MODELS_SHARED") or ROOT.parent / "shared")  # as the tests read it
PEER_DIR = SHARED / "peer" / "datamodel-code-generator" / "openapi"
STYLES = ("dataclass", "pydantic", "typeddict")
SUFFIXES = (".yaml", ".yml", ".json", ".jsonschema")

# Verdicts, worst first (a document gets the first that applies).
CRASH, CLEAR, IMPORT, MYPY, RUFF, OK = "crash", "clear-error", "import", "mypy", "ruff", "generated"
VERDICTS = (OK, CLEAR, CRASH, IMPORT, MYPY, RUFF)
FAILURES = (CRASH, IMPORT, MYPY, RUFF)

try:  # the installed (editable) generator, or PYTHONPATH's; else this checkout's
    import generator  # noqa: F401
except ImportError:  # pragma: no cover - run as a script without the package installed
    sys.path.insert(0, str(ROOT))


@dataclass
class Result:
    """What happened to one document.

    Attributes:
        rel: the document's path relative to the peer directory (its id).
        stem: the unique module stem its modules were generated under.
        verdict: one of ``VERDICTS``.
        error: the SpecError text (clear-error) or exception and place (crash).
        group: a short key that groups failures with the same root cause.
        modules: style -> written module path (when generated).
        problems: every import / mypy / ruff problem found, as ``(kind, group, text)``.
    """

    rel: str
    stem: str
    verdict: str = OK
    error: str = ""
    group: str = ""
    modules: dict[str, Path] = field(default_factory=dict)
    problems: list[tuple[str, str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, kind: str, group: str, text: str) -> None:
        self.problems.append((kind, group, text))
        order = {v: i for i, v in enumerate((CRASH, CLEAR, IMPORT, MYPY, RUFF, OK))}
        if order[kind] < order[self.verdict]:
            self.verdict, self.group = kind, group


# --------------------------------------------------------------------------- discovery


def discover(peer_dir: Path = PEER_DIR, pattern: str | None = None, limit: int | None = None) -> list[Path]:
    """The peer's documents (every spec-like file, subdirectories included), sorted; only
    those whose relative path matches ``pattern`` (a regular expression), at most ``limit``."""
    files = sorted(p for p in peer_dir.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
    if pattern:
        files = [p for p in files if re.search(pattern, p.relative_to(peer_dir).as_posix())]
    return files[:limit] if limit else files


def stems_for(rels: list[str]) -> dict[str, str]:
    """A unique module stem per relative path: ``p_`` + the path as an identifier."""
    stems: dict[str, str] = {}
    taken: set[str] = set()
    for rel in rels:
        base = "p_" + re.sub(r"\W+", "_", rel).strip("_").lower()
        stem, n = base, 1
        while stem in taken:
            n += 1
            stem = f"{base}_{n}"
        taken.add(stem)
        stems[rel] = stem
    return stems


# --------------------------------------------------------------------------- generation


class Timeout(Exception):
    """Generation or import took longer than allowed."""


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise ``Timeout`` after ``seconds`` (main thread on Unix only; otherwise no limit)."""
    import threading

    main_thread = threading.current_thread() is threading.main_thread()
    if not seconds or not hasattr(signal, "SIGALRM") or not main_thread:
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise Timeout(f"took longer than {seconds:g}s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, float(seconds))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _place(exc: BaseException) -> str:
    """Where an exception was raised: the innermost frame in generator/ (or the last)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if f"{os.sep}generator{os.sep}" in f.filename] or frames
    if not ours:
        return "?"
    f = ours[-1]
    return f"{Path(f.filename).parent.name}/{Path(f.filename).name}:{f.lineno} in {f.name}"


def _probe_options(options: Options, spec_error_type: type[Exception]) -> Options:
    """Diagnosis only (``--probe-root``): when a document has no stream-chunk root, name its
    first object model as root, so that generation gets past a no-root failure."""
    from dataclasses import replace

    from generator.pipeline import read_spec

    reading = read_spec(options)
    if reading.schemas.roots:
        return options
    for name in reading.schemas.models:
        try:
            read_spec(replace(options, schemas=(name,)))
        except spec_error_type:
            continue
        return replace(options, schemas=(name,))
    return options


def generate_one(
    spec: Path,
    rel: str,
    stem: str,
    out_dir: Path,
    *,
    probe_root: bool = False,
    timeout: float | None = 120,
    formatter: str = "black",
) -> Result:
    """Generate one document in-process, all styles, ``--all-schemas``, formatted by ``formatter``;
    write the modules to ``out_dir`` as ``<stem>_<style>.py``. Never raises (except KeyboardInterrupt)."""
    from generator.errors import SpecError
    from generator.pipeline import Options, generate

    result = Result(rel, stem)
    started = time.perf_counter()
    options = Options(
        spec=spec, output=out_dir, styles=STYLES, all_schemas=True, module=stem, root=spec.parent, formatter=formatter
    )
    try:
        with time_limit(timeout):
            if probe_root:
                options = _probe_options(options, SpecError)
            outputs, _ = generate(options)
    except SpecError as exc:
        text = str(exc)
        result.verdict, result.error = CLEAR, text
        result.group = _clear_group(exc)
        if exc.message.startswith("internal error"):
            result.verdict = CRASH  # a generator bug reported as bad input
            result.group = f"internal-error SpecError: {_normalise(exc.message)[:80]}"
        elif exc.file is None or not exc.message.strip() or "Traceback" in text:
            result.verdict = CRASH  # a SpecError that does not say where it is
            result.group = f"unlocated SpecError: {_normalise(exc.message)[:80]}"
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # noqa: BLE001 - classifying every failure is the point
        result.verdict = CRASH
        result.error = f"{type(exc).__name__}: {exc} [{_place(exc)}]"
        result.group = f"{type(exc).__name__} at {_place(exc)}"
    else:
        out_dir.mkdir(parents=True, exist_ok=True)
        for style, output in zip(STYLES, outputs):
            path = out_dir / f"{stem}_{style}.py"
            if output.path != path:
                result.add(CRASH, "unexpected output path", f"{output.path} != {path}")
            result.modules[style] = path
        for output in outputs:  # the modules, and the runtime package beside them
            output.path.parent.mkdir(parents=True, exist_ok=True)
            output.path.write_text(output.text, encoding="utf-8")
    result.seconds = time.perf_counter() - started
    return result


def _clear_group(exc: object) -> str:
    message = getattr(exc, "message", str(exc))
    return _normalise(message.split(";")[0])


def _normalise(text: str) -> str:
    """A message with its specifics (quoted names, numbers, paths) blanked, for grouping."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    text = re.sub(r"\(/[^)]*\)", "(…)", text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text.strip()


# --------------------------------------------------------------------------- checks


def import_module(path: Path, name: str | None = None, timeout: float | None = 60) -> str | None:
    """Import a generated module as a module of the package its directory is (its runtime
    package beside it); the failure text, or None."""
    package = _package(path.parent)
    name = f"{package}.{name or path.stem}"
    try:
        with time_limit(timeout):
            importlib.import_module(name)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # noqa: BLE001
        sys.modules.pop(name, None)
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == str(path)]
        where = f" (line {frames[-1].lineno}: {frames[-1].line})" if frames else ""
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}{where}"
    return None


def _package(directory: Path) -> str:
    """The name of a package registered for ``directory`` (made once)."""
    name = "peer_" + re.sub(r"\W", "_", str(directory.resolve()))
    if name not in sys.modules:
        holder = types.ModuleType(name)
        holder.__path__ = [str(directory)]
        sys.modules[name] = holder
    return name


def import_all(results: list[Result], timeout: float | None = 60) -> None:
    for result in results:
        for style, path in result.modules.items():
            error = import_module(path, timeout=timeout)
            if error is not None:
                result.add(IMPORT, f"{style}: {_normalise(error.split(' (line')[0])}", f"{path.name}: {error}")


_MYPY_LINE = re.compile(
    r"^(?P<file>[^:\n]+\.py):(?P<line>\d+):(?:(?P<col>\d+):)? (?P<sev>error|note): (?P<msg>.*?)(?:  \[(?P<code>[\w-]+)\])?$"
)


def run_mypy(directory: Path, python_version: str = "3.10") -> tuple[dict[str, list[str]], str]:
    """``mypy --strict`` once over every module in ``directory``; file name -> errors, and
    the raw output (for failures mypy could not attribute to a file)."""
    config = directory / "mypy-isolated.ini"
    config.write_text("[mypy]\n", encoding="utf-8")  # no project or user configuration
    if not any(directory.glob("*_*.py")):
        return {}, ""
    # the directory as the package it is (the modules import their runtime relatively)
    cmd = [
        sys.executable, "-m", "mypy", "--strict", "--python-version", python_version,
        "--config-file", str(config), "--cache-dir", str(directory / ".mypy_cache"),
        "--no-pretty", "--show-column-numbers", "--hide-error-context", "--no-error-summary",
        "--show-error-codes", directory.name,
    ]  # fmt: skip
    proc = subprocess.run(cmd, check=False, cwd=directory.parent, capture_output=True, text=True)
    errors: dict[str, list[str]] = collections.defaultdict(list)
    for line in proc.stdout.splitlines():
        m = _MYPY_LINE.match(line)
        if m and m["sev"] == "error":
            errors[Path(m["file"]).name].append(f"{m['line']}:{m['col'] or 0}: {m['msg']}  [{m['code'] or '?'}]")
    unexplained = proc.returncode not in (0, 1) or (proc.returncode == 1 and not errors)
    return dict(errors), (proc.stdout + proc.stderr) if unexplained else ""


def run_ruff(directory: Path, target: str = "py310") -> tuple[dict[str, list[str]], str]:
    """``ruff check --isolated`` once over ``directory``; file name -> problems."""
    cmd = [
        sys.executable,
        "-m",
        "ruff",
        "check",
        "--isolated",
        "--target-version",
        target,
        "--output-format",
        "json",
        "--no-cache",
        ".",
    ]
    proc = subprocess.run(cmd, check=False, cwd=directory, capture_output=True, text=True)
    problems: dict[str, list[str]] = collections.defaultdict(list)
    try:
        items = json.loads(proc.stdout or "[]")
    except json.JSONDecodeError:
        return {}, proc.stdout + proc.stderr
    for item in items:
        loc = item.get("location") or {}
        problems[Path(item["filename"]).name].append(
            f"{loc.get('row')}:{loc.get('column')}: {item.get('code')} {item.get('message')}"
        )
    unexplained = proc.returncode not in (0, 1) or (proc.returncode == 1 and not problems)
    return dict(problems), (proc.stdout + proc.stderr) if unexplained else ""


def _mypy_group(text: str) -> str:
    msg = text.split(": ", 1)[1] if ": " in text else text
    return _normalise(msg)


def apply_checks(results: list[Result], mypy: dict[str, list[str]], ruff: dict[str, list[str]]) -> None:
    """Attach mypy and ruff findings to the documents their modules came from."""
    for result in results:
        for style, path in result.modules.items():
            for text in mypy.get(path.name, []):
                result.add(MYPY, f"{style}: {_mypy_group(text)}", f"{path.name}:{text}")
            for text in ruff.get(path.name, []):
                code = text.split(": ", 1)[1].split(" ", 1)[0] if ": " in text else "?"
                result.add(RUFF, f"{code}: {_normalise(text.split(': ', 1)[-1])}", f"{path.name}:{text}")


def cli_check(spec: Path) -> str | None:
    """Run the command line (``generator.cli.main``, in-process) on a document expected to
    fail clearly: exit status 2, exactly one ``error:`` line on stderr and nothing on stdout,
    no traceback, nothing written. Returns the problem, or None."""
    import io

    from generator.cli import main as cli_main

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                code = cli_main([str(spec), "-o", str(out), "--all-schemas"])
            except SystemExit as exc:  # argparse
                code = exc.code if isinstance(exc.code, int) else 1
        err = stderr.getvalue()
        lines = [line for line in err.splitlines() if line.strip()]
        if code != 2:
            return f"exit {code}, expected 2: {err.strip()[:300]}"
        if len(lines) != 1 or not lines[0].startswith("error: ") or "Traceback" in err or stdout.getvalue().strip():
            return f"output is not one 'error:' line: {(stdout.getvalue() + err).strip()[:300]}"
        if out.exists() and any(out.iterdir()):
            return f"wrote {sorted(p.name for p in out.iterdir())}"
    return None


# --------------------------------------------------------------------------- the suite


def run_suite(
    specs: list[Path],
    work: Path,
    *,
    peer_dir: Path = PEER_DIR,
    probe_root: bool = False,
    imports: bool = True,
    checks: bool = True,
    progress: bool = False,
    timings: dict[str, float] | None = None,
    formatter: str = "black",
) -> tuple[list[Result], str]:
    """Generate every document into ``work`` (formatted by ``formatter``), import, mypy and ruff
    the modules. Returns the results and any tool output that could not be attributed to a
    document (``timings``, when given, receives the seconds each stage took)."""
    timings = {} if timings is None else timings
    rels = [p.relative_to(peer_dir).as_posix() for p in specs]
    stems = stems_for(rels)
    results = []
    clock = time.perf_counter()
    for i, (spec, rel) in enumerate(zip(specs, rels)):
        results.append(generate_one(spec, rel, stems[rel], work, probe_root=probe_root, formatter=formatter))
        if progress:
            print(f"\r[{i + 1}/{len(specs)}] generated", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    timings["generate"] = time.perf_counter() - clock
    if imports:
        clock = time.perf_counter()
        import_all(results)
        timings["import"] = time.perf_counter() - clock
    unexplained = ""
    if checks:
        clock = time.perf_counter()
        mypy, raw_mypy = run_mypy(work)
        timings["mypy"] = time.perf_counter() - clock
        clock = time.perf_counter()
        ruff, raw_ruff = run_ruff(work)
        timings["ruff"] = time.perf_counter() - clock
        apply_checks(results, mypy, ruff)
        unexplained = raw_mypy + raw_ruff
    return results, unexplained


def tally_line(results: list[Result]) -> str:
    tally = collections.Counter(r.verdict for r in results)
    return "tally: " + ", ".join(f"{v} {tally.get(v, 0)}" for v in VERDICTS) + f" (of {len(results)})"


def report(results: list[Result], verbose: bool = False, out: TextIO | None = None) -> None:
    """Print the tally, then every crash / import / mypy / ruff problem grouped by cause
    (most documents first, one example each), then the clear errors."""
    out = out or sys.stdout
    print(tally_line(results), file=out)
    secondary = collections.Counter(kind for r in results for kind in {k for k, _, _ in r.problems})
    print(
        "documents with at least one problem of each kind: "
        + ", ".join(f"{k} {secondary.get(k, 0)}" for k in (IMPORT, MYPY, RUFF)),
        file=out,
    )
    for kind in (CRASH, IMPORT, MYPY, RUFF):
        groups: dict[str, list[tuple[Result, str]]] = collections.defaultdict(list)
        if kind == CRASH:
            for r in results:
                if r.verdict == CRASH:
                    groups[r.group].append((r, r.error or "; ".join(t for k, _, t in r.problems if k == CRASH)))
        else:
            for r in results:
                for k, group, text in r.problems:
                    if k == kind:
                        groups[group].append((r, text))
        if not groups:
            continue
        print(
            f"\n== {kind}: {len({r.rel for g in groups.values() for r, _ in g})} document(s), {len(groups)} group(s)",
            file=out,
        )
        for group, items in sorted(groups.items(), key=lambda kv: -len({r.rel for r, _ in kv[1]})):
            docs = sorted({r.rel for r, _ in items})
            print(f"-- [{len(docs)} doc(s), {len(items)} hit(s)] {group}", file=out)
            print(f"   e.g. {items[0][1]}", file=out)
            shown = docs if verbose else docs[:8]
            print(
                "   " + ", ".join(shown) + (f", … (+{len(docs) - len(shown)})" if len(shown) < len(docs) else ""),
                file=out,
            )
    clear = [r for r in results if r.verdict == CLEAR]
    if clear:
        print(f"\n== clear errors: {len(clear)}", file=out)
        for r in clear:
            print(
                f"   {r.rel}: {r.error.split(': ', 1)[-1] if verbose else r.error.split(': ', 1)[-1][:160]}", file=out
            )


def _ours(path: Path) -> bool:
    """A file or directory this script writes into its output directory."""
    pattern = r"p_\w+\.py|mypy-isolated\.ini|\.mypy_cache|__pycache__|\.ruff_cache|__init__\.py|_gen_models_runtime"
    return re.fullmatch(pattern, path.name) is not None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--peer-dir", type=Path, default=PEER_DIR, help="the peer's openapi directory")
    parser.add_argument("--filter", metavar="REGEX", help="only documents whose relative path matches")
    parser.add_argument("--limit", type=int, help="at most this many documents (after --filter)")
    parser.add_argument(
        "--keep", type=Path, metavar="DIR", help="generate into DIR (its earlier output removed first) and keep it"
    )
    parser.add_argument("--no-imports", action="store_true", help="skip importing the modules")
    parser.add_argument("--no-checks", action="store_true", help="skip mypy and ruff")
    parser.add_argument(
        "--cli-check",
        action="store_true",
        help="re-run every clear error through the CLI (exit 2, one line, nothing written)",
    )
    parser.add_argument(
        "--probe-root",
        action="store_true",
        help="diagnosis: give root-less documents their first object model as --schema root",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every document of each group, full messages")
    args = parser.parse_args(argv)

    specs = discover(args.peer_dir, args.filter, args.limit)
    if not specs:
        print(
            f"no documents under {args.peer_dir}" + (f" matching {args.filter!r}" if args.filter else ""),
            file=sys.stderr,
        )
        return 2
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        if args.keep:
            ours = [p for p in args.keep.glob("*")] if args.keep.is_dir() else []
            foreign = [p.name for p in ours if not _ours(p)]
            if foreign:
                print(
                    f"--keep {args.keep}: holds files this script did not write ({foreign[:3]}); choose another",
                    file=sys.stderr,
                )
                return 2
            for path in ours:
                shutil.rmtree(path) if path.is_dir() else path.unlink()
            args.keep.mkdir(parents=True, exist_ok=True)
            work = args.keep
        else:
            work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="peer_suite_")))
        timings: dict[str, float] = {}
        results, unexplained = run_suite(
            specs, work, peer_dir=args.peer_dir, probe_root=args.probe_root,
            imports=not args.no_imports, checks=not args.no_checks, progress=sys.stderr.isatty(),
            timings=timings,
        )  # fmt: skip
        if args.cli_check:
            for spec, r in zip(specs, results):
                if r.verdict == CLEAR:
                    problem = cli_check(spec)
                    if problem:
                        r.add(CRASH, f"CLI: {_normalise(problem)[:80]}", f"CLI: {problem}")
    import generator

    print(f"generator: {Path(generator.__file__).parent}")
    report(results, args.verbose)
    if unexplained:
        print(f"\n== tool output not attributed to a document:\n{unexplained[:4000]}")
    if args.json:
        args.json.write_text(
            json.dumps(
                [
                    {"rel": r.rel, "verdict": r.verdict, "error": r.error, "group": r.group, "problems": r.problems}
                    for r in results
                ],
                indent=1,
            ),
            encoding="utf-8",
        )
    stages = ", ".join(f"{k} {v:.1f}s" for k, v in timings.items())
    print(f"\n{len(results)} document(s) in {time.perf_counter() - started:.1f}s ({stages})", file=sys.stderr)
    failed = any(r.verdict in FAILURES for r in results) or bool(unexplained)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
