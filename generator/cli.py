"""Command line: ``gen-models [SPEC] [options]`` and ``gen-models changes OLD NEW``.

Exit status: 0 done (with ``--check``: everything current); 1 ``--check`` found files that
would change; 2 bad input (the message names the file, pointer and line) or an unwritable
output (nothing is changed then); 123 an internal error (a bug: report it with ``--debug``
output). ``changes`` adds 3.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import __version__
from .config import Config, find_project_root, load_config, project_python
from .errors import InternalError, OutputError, SpecError, display_path, exit_status
from .fingerprint import current_outputs, expected_outputs, inputs_digest, relative_reads, with_reads
from .formatters import FORMATTERS, formatter_version
from .options import STDIN, Options
from .policy import CHOICES as POLICY_CHOICES
from .policy import parse_policy
from .runtime_files import PACKAGE
from .styles import ALL_STYLES, STYLES
from .warning_kinds import report
from .write import write_all

EXIT_OK, EXIT_CHANGED = 0, 1
EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE, as a shell reports a pipe's reader going away


def closed_pipe() -> int:
    """stdout's reader left (``--explain-merge | head``): not our error. stdout goes to
    devnull so the interpreter's final flush does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return EXIT_CLOSED_PIPE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gen-models",
        usage="gen-models [SPEC] [options]\n       gen-models changes OLD NEW [--format text|json]",
        description="Generate typed stream models (dataclass, pydantic, TypedDict, msgspec) and a delta-merge "
        "accumulator from an OpenAPI 3.0/3.1 or JSON Schema document.",
        epilog="exit status: 0 done or current; 1 --check found stale files; 2 bad input or output not writable; "
        "123 internal error; 141 output pipe closed. `gen-models changes --help` for the bump report. "
        "Settings may also live in [tool.gen-models] of pyproject.toml.",
    )
    add = parser.add_argument

    def flag(*names: str, help: str) -> None:
        add(*names, action="store_true", help=help)

    def many(name: str, metavar: str | None, help: str, **more: Any) -> None:
        """A repeatable option: the list of its values, None when not given."""
        add(name, action="append", metavar=metavar, help=help, **more)

    add("spec", nargs="?", help="the spec (YAML or JSON; - reads standard input); default: [tool.gen-models] spec")
    add("--input", metavar="SPEC", help="the spec, as a flag (the same as SPEC)")
    add("--url", help=argparse.SUPPRESS)  # refused with a hint: see _spec_path
    add("-o", "--output", type=Path, help="output directory (default: generated), or a FILE.py for a single --style")
    many("--style", None, "style to emit; repeat for several (default: the first three)", choices=ALL_STYLES)
    many("--schema", "NAME", "root schema to emit (repeatable; default: the stream chunks found)")
    flag("--all-schemas", help="emit every component schema")
    many("--merge-map", "FILE", "an event union's merge map (YAML, root: <union>), over the shipped one", type=Path)
    add("--runtime", choices=("inline", "package"), help="package (default): a runtime package; inline: in each module")
    add("--module", metavar="NAME", help="module name stem: files are NAME_<style>.py (default: spec file stem)")
    add("--custom-template-dir", type=Path, metavar="DIR", help="templates here override the shipped ones of that name")
    add("--target-python", metavar="X.Y", help="oldest Python to run on (default: requires-python's, else 3.10)")
    add("--formatter", choices=FORMATTERS, help="black (default) or ruff: `ruff format`, its own layout (needs ruff)")
    many("--merge-policy", "PATH=POLICY", f"a field's merge policy (PATH as --explain-merge says): {POLICY_CHOICES}")
    flag("--check", help="write nothing; exit 1 if any output file would change")
    flag("--diff", help="write nothing; print a unified diff of what would change (exit 0 unless --check too)")
    flag("--explain-merge", help="print each field's merge policy and each event union's fold as a merge map; exit")
    flag("--no-shipped-maps", help="leave out the merge and chunk maps shipped with gen-models: the schema's alone")
    flag("--allow-remote-refs", help="allow $ref to http(s) URLs")
    flag("--allow-outside-refs", help="allow $ref to files outside the spec's directory")
    flag("--no-cache", help="do all the work, even when every output is current (the header's fingerprint says so)")
    flag("--timings", help="print the time each stage took")
    flag("-q", "--quiet", help="print only errors")
    flag("-v", "--verbose", help="print each warning, not one line a kind; reads the spec even if current")
    flag("--debug", help="show tracebacks")
    add("--version", action="version", version=f"gen-models {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see module docstring)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "changes":
        from .changes import main as changes_main

        return changes_main(args_list[1:])
    args = _parser().parse_args(args_list)
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("interrupted; nothing was written", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return closed_pipe()
    except Exception as exc:  # noqa: BLE001 - the last resort is a report, not a traceback
        if isinstance(exc, InternalError):
            print(f"internal error in gen-models: {exc}; nothing was written", file=sys.stderr)
        elif isinstance(exc, (SpecError, OutputError)):
            print(f"error: {exc}", file=sys.stderr)
        elif not args.debug:
            print(
                "internal error in gen-models; nothing was written. Run again with --debug and report the output.",
                file=sys.stderr,
            )
        if args.debug:
            import traceback  # here: ~25 ms a run that succeeds skips

            traceback.print_exc()
        return exit_status(exc)


def options_from(args: argparse.Namespace, config: Config | None, cwd: Path) -> Options:
    """Command-line arguments over the configuration, as ``Options``.

    Raises:
        SpecError: no spec anywhere, or a value that does not parse.
    """
    values, base, config_path = (config.values, config.path.parent, config.path) if config else ({}, cwd, None)

    def path(value: str | None) -> Path | None:
        return None if value is None else (base / value)

    if args.url is not None:
        _refuse_url(args.url)
    if args.spec is not None and args.input is not None:
        raise SpecError(f"two specs given ({args.spec} and --input {args.input}): pass one")
    given = args.spec if args.spec is not None else args.input
    spec_bytes = None
    if given == "-":
        spec, spec_bytes = STDIN, sys.stdin.buffer.read()
    elif given is not None:
        spec = _spec_path(given)
    elif values.get("spec") is not None:
        spec = base / _spec_path(values["spec"])
    else:
        raise SpecError(
            "no spec given: pass SPEC (or - for standard input) or set spec in [tool.gen-models] of pyproject.toml"
        )
    styles = tuple(dict.fromkeys(args.style or values.get("styles") or STYLES))
    for style in styles:
        if style not in ALL_STYLES:
            raise SpecError(f"unknown style {style!r} (choose from {', '.join(ALL_STYLES)})", config_path)
    policies = dict(values.get("merge-policies") or {})
    for item in args.merge_policy or []:
        name, sep, policy = item.partition("=")
        if not sep or not name or not policy:
            raise SpecError(f"--merge-policy {item!r}: expected PATH=POLICY")
        policies[name] = policy
    for name, policy in policies.items():
        parse_policy(policy, f"--merge-policy {name!r}")  # checked before the spec is read
    target = args.target_python or values.get("target-python") or ".".join(map(str, project_python(base) or (3, 10)))
    try:
        major, minor = (int(x) for x in str(target).split("."))
    except ValueError:
        raise SpecError(f"target Python {target!r}: expected X.Y such as 3.10") from None
    if (major, minor) < (3, 10):
        raise SpecError(f"target Python {target}: the generated modules need Python 3.10 or newer")
    formatter = args.formatter or values.get("formatter") or "black"
    if formatter not in FORMATTERS:
        raise SpecError(f"formatter {formatter!r}: choose from {', '.join(FORMATTERS)}", config_path)
    runtime = args.runtime or values.get("runtime") or "package"
    if runtime not in ("inline", "package"):
        raise SpecError(f"runtime {runtime!r}: choose inline or package")
    return Options(
        spec=spec,
        output=args.output or path(values.get("output")) or (base / "generated"),
        styles=styles,
        schemas=tuple(args.schema or values.get("schemas") or ()),
        all_schemas=args.all_schemas or values.get("all-schemas", False),
        module=args.module or values.get("module"),
        target_python=(major, minor),
        merge_policies=policies,
        allow_remote_refs=args.allow_remote_refs or values.get("allow-remote-refs", False),
        allow_outside_refs=args.allow_outside_refs or values.get("allow-outside-refs", False),
        root=base if config else (find_project_root(cwd) or cwd),
        merge_maps=tuple(args.merge_map or [path(p) for p in values.get("merge-maps") or ()]),
        runtime_package=runtime == "package",
        template_dir=args.custom_template_dir or path(values.get("custom-template-dir")),
        spec_bytes=spec_bytes,
        formatter=formatter,
        shipped_maps=not args.no_shipped_maps and values.get("shipped-maps", True),
        use_cache=not args.no_cache,
    )


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def _spec_path(text: str) -> Path:
    """The spec's path; a URL is refused (``Path`` would lose a slash of it)."""
    if _URL.match(text):
        _refuse_url(text)
    return Path(text)


def _refuse_url(url: str) -> NoReturn:
    raise SpecError(
        f"{url}: gen-models reads a local file, not a URL; download the spec first "
        f"(curl -fLo openapi.yaml '{url}'), then pass its path (and commit it beside the generated modules)"
    )


def _run(args: argparse.Namespace) -> int:
    cwd = Path.cwd()
    options = options_from(args, load_config(cwd), cwd)
    if args.explain_merge:
        from .event_plan import explain as explain_events
        from .merge_plan import explain
        from .pipeline import read_spec

        reading = read_spec(options)
        for root in reading.schemas.roots:
            print(f"{root}:")
            for line in explain(reading.plans[root]):
                print(f"  {line}")
        for union in reading.schemas.union_roots:
            if union in reading.event_plans:
                print(explain_events(reading.event_plans[union]))
            else:
                print(f"{union}: a union of events; parsed, not merged (no merge map: see docs/events.md)")
        return EXIT_OK
    started = time.perf_counter()
    inputs = inputs_digest(options, formatter_version(options.formatter))
    current = options.use_cache and not args.verbose  # --verbose asks for the warnings: read the spec
    if current and inputs is not None and current_outputs(options, inputs) is not None:
        if not (args.check or args.diff or args.quiet):  # what a run that found nothing to change says
            _report(dict.fromkeys(expected_outputs(options), "unchanged"))
        if args.timings:
            total = time.perf_counter() - started
            print(f"timings: fingerprint {total:.3f}s (every output current: nothing else done)", file=sys.stderr)
        return EXIT_OK
    from .format import black_workers  # before the pipeline's imports: the workers import black meanwhile
    from .pipeline import generate

    pool = black_workers(len(options.styles)) if options.formatter == "black" and "black" not in sys.modules else None
    with progress_report(sys.stderr, enabled=not args.quiet) as progress:
        outputs, reading = generate(options, progress=progress, pool=pool)
    unmapped = [
        f"{union}: event type {tag!r} is not folded (no map entry, and the schema does not decide it)"
        for union, tags in reading.unmapped.items()
        for tag in tags
    ]
    for line in report([*reading.schemas.warnings, *reading.merge_warnings], args.verbose) if not args.quiet else ():
        print(f"warning: {line}", file=sys.stderr)
    for line in unmapped if args.check else ():  # without --check, the warnings above said it
        print(f"error: {line} (it folds as an unknown event: kept, reported); map it or ignore it", file=sys.stderr)
    if inputs is not None and not unmapped:  # else none: --check must report unmapped events every time
        reads = relative_reads(options.spec, reading.files)  # the files the loader read besides the spec
        module_inputs = with_reads(inputs, reads)
        outputs = [replace(o, inputs=module_inputs, reads=tuple(sorted(reads))) if o.module else o for o in outputs]
    unchanged = {o.path for o in outputs if o.is_current()}  # the code; the fingerprint line may differ
    stale = [o for o in outputs if o.path not in unchanged]
    if args.check or args.diff:
        if args.diff:
            sys.stdout.write("".join(output.diff(options.root) for output in stale))
        if args.check:
            new = {o.path for o in stale if not o.path.exists()}  # not there yet: where it would go
            for o in stale:
                print(f"would {'create' if o.path in new else 'change'}: {display_path(o.path)}", file=sys.stderr)
            if stale and not args.quiet:  # silent when all is current: a pre-commit hook's usual case
                counts = [(len(stale) - len(new), "would change"), (len(new), "would be created")]
                said = [f"{n} file(s) {what}" for n, what in counts if n]
                print(", ".join([*said, f"{len(outputs) - len(stale)} current"]), file=sys.stderr)
            return EXIT_CHANGED if stale or unmapped else EXIT_OK
        return EXIT_OK
    try:
        written = write_all(outputs)
    except OSError as exc:
        where = exc.filename or options.output
        raise OutputError(f"cannot write {where}: {exc.strerror or exc}; nothing was changed") from None
    if not args.quiet:
        states = {path: "unchanged (fingerprint updated)" if path in unchanged else "wrote" for path in written}
        _report({o.path: states.get(o.path, "unchanged") for o in outputs})
    if args.timings:
        stages = ", ".join(f"{k} {v:.3f}s" for k, v in reading.timings.items())
        print(f"timings: {stages}; total {time.perf_counter() - started:.3f}s", file=sys.stderr)
    return EXIT_OK


def _report(states: dict[Path, str]) -> None:
    """One line a file (``wrote: generated/openai_pydantic.py``); the runtime package as one
    line, and the output directory's ``__init__.py`` only when it was written."""
    shown: dict[Path, str] = {}
    for path, state in states.items():
        if path.parent.name == PACKAGE:
            path = path.parent
            state = "wrote" if shown.get(path) == "wrote" else state
        elif path.name == "__init__.py" and state != "wrote":
            continue
        shown[path] = state
    for path, state in shown.items():
        print(f"{state}: {display_path(path)}{'/' if path.name == PACKAGE else ''}")


#: Seconds a run goes before progress shows (shorter runs print nothing).
PROGRESS_AFTER = 1.0


class _Progress:
    """The current stage on one line of a terminal (``gen-models: format 3 module(s)...``) once the
    run has taken ``PROGRESS_AFTER`` seconds (a timer thread: a long stage shows too), cleared at the end."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.stage = ""
        self.shown = ""
        self.visible = False  # the run has taken PROGRESS_AFTER seconds
        self.lock = threading.Lock()
        self.timer = threading.Timer(PROGRESS_AFTER, self)
        self.timer.daemon = True

    def __call__(self, stage: str | None = None) -> None:
        """A new ``stage`` (shown once visible); None: the timer's call, which makes it visible."""
        with self.lock:
            if stage is None:
                self.visible = True
            else:
                self.stage = stage
            if self.visible and self.stage and self.stage != self.shown:
                self.stream.write(f"\r\x1b[Kgen-models: {self.stage}...")
                self.stream.flush()
                self.shown = self.stage

    def __enter__(self) -> Callable[[str], None]:
        self.timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.timer.cancel()
        self.timer.join()
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def progress_report(stream: TextIO, enabled: bool = True) -> AbstractContextManager[Callable[[str], None]]:
    """A progress callback for ``generate``: ``_Progress`` on a terminal, else one doing nothing."""
    isatty = getattr(stream, "isatty", None)
    return _Progress(stream) if enabled and isatty and isatty() else nullcontext(lambda stage: None)


def entry_point() -> None:
    """Console-script entry: ``sys.exit(main())``, the collector tuned as mypy's build.py does (black's small objects)."""
    gc.set_threshold(200_000, 30, 30)
    sys.exit(main())
