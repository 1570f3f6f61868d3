"""Format: rendered modules in, formatted modules out, each whole: by black (pinned: the
bytes depend on its version), one forked worker per module over the CPU cores, or by ``ruff
format`` (``--formatter ruff``: its own layout and golden files). The runtime package is copied
as it is, not formatted.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Mapping
from concurrent.futures import Executor

from .errors import InternalError, SpecError
from .formatters import FORMATTERS, ruff_binary
from .pytypes import LINE_LENGTH

#: ``ruff format`` settings: black's line length, no configuration file read (the bytes must
#: not depend on where it runs).
RUFF_ARGS = ("format", "--isolated", "--line-length", str(LINE_LENGTH))
#: Seconds between a worker's checks that the run that started it is still there.
ORPHAN_CHECK = 0.2


def format_source(source: str, target_python: tuple[int, int], name: str) -> str:
    """One whole module formatted by black (default line length, for ``target_python`` on).

    Raises:
        InternalError: black cannot parse the module (a generator bug).
    """
    import black  # here: ~0.2 s that a run whose outputs are current never spends
    import black.mode
    import black.parsing

    versions = {v for v in black.mode.TargetVersion if (3, int(v.name[3:])) >= target_python}
    try:
        return black.format_str(source, mode=black.Mode(target_versions=versions))
    except black.parsing.InvalidInput as exc:  # pragma: no cover - a bug, not bad input
        raise InternalError(f"generated module {name} does not parse ({exc}); please report it") from None


def format_modules(
    sources: Mapping[str, str], target_python: tuple[int, int], formatter: str = "black", pool: Executor | None = None
) -> dict[str, str]:
    """Each module (name -> source) formatted whole by ``formatter``, in the order given; by
    ``pool``'s workers where given (``black_workers``), else by workers forked now (several modules).

    Raises:
        InternalError: a module does not parse (a generator bug).
        SpecError: ``formatter`` is unknown, or ruff is asked for and not installed.
    """
    if formatter == "ruff":
        return format_with_ruff(dict(sources), target_python)
    if formatter != "black":
        raise SpecError(f"formatter {formatter!r}: choose from {', '.join(FORMATTERS)}")
    names = list(sources)
    if pool is None and (len(names) < 2 or (pool := black_workers(len(names))) is None):
        return {name: format_source(sources[name], target_python, name) for name in names}
    with pool:  # the largest first: the workers finish together
        order = sorted(names, key=lambda name: -len(sources[name]))
        futures = {name: pool.submit(format_source, sources[name], target_python, name) for name in order}
        return {name: futures[name].result() for name in names}


def black_workers(modules: int) -> Executor | None:
    """Black's workers (a module each, up to the cores) forked now, to import black as the spec is read (None: no fork)."""
    if not hasattr(os, "fork"):
        return None
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(
        max_workers=min(modules, os.cpu_count() or 1),
        mp_context=multiprocessing.get_context("fork"),
        initializer=_leave_with_parent,
        initargs=(os.getpid(),),  # not the worker's getppid(): the run may be gone before it starts
    )
    pool.submit(os.getpid)  # the pool forks its workers at its first task: now
    return pool


def _leave_with_parent(parent: int) -> None:
    """A black worker's start: black imported, and a thread that ends it once the run that forked
    it is gone however it went (SIGKILL, out of memory), where the pool would leave it orphaned."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the run reports it, once
    import black  # noqa: F401

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="gen-models-orphan-check").start()


def format_with_ruff(sources: dict[str, str], target_python: tuple[int, int]) -> dict[str, str]:
    """Each module formatted by ``ruff format`` (``RUFF_ARGS``), one process each, at once.

    Raises:
        SpecError: ruff is not installed. InternalError: ruff refuses a module (a generator bug).
    """
    binary = ruff_binary()
    target = f"py{target_python[0]}{target_python[1]}"
    running = {
        name: subprocess.Popen(
            [binary, *RUFF_ARGS, "--target-version", target, "--stdin-filename", name, "-"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for name in sources
    }
    results: dict[str, str] = {}
    for name, process in running.items():
        out, err = process.communicate(sources[name].encode("utf-8"))
        if process.returncode != 0:
            message = err.decode("utf-8", "replace").strip().splitlines()
            raise InternalError(
                f"ruff format refused generated module {name} ({message[0] if message else 'no message'}); "
                "please report it"
            )
        results[name] = out.decode("utf-8")
    return results
