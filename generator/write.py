"""Write: rendered modules in, files on disk out, all or nothing.

Every file is staged in ``.gen-models-*`` inside its output directory (one file system, even on
a mount point), then renamed into place (``os.replace``, atomic per file); any failure, ``SIGTERM``
or ``SIGHUP`` included, puts the old files back and removes the staging. A run killed outright
leaves its staging: the next run there removes it (``_remove_abandoned``), unless a live run
holds its lock.
"""

from __future__ import annotations

import difflib
import os
import shutil
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: abandoned staging is told by its age alone
    fcntl = None  # type: ignore[assignment]

from .errors import OutputError, display_path
from .fingerprint import stamp, unstamp


@dataclass(frozen=True)
class Output:
    """One generated file: where it goes, its code (``text``) and, when the run has one, the
    ``inputs`` digest and ``reads`` its fingerprint line records (``fingerprint``)."""

    path: Path
    text: str
    inputs: str | None = None
    reads: tuple[str, ...] = ()  # the files the line names besides the spec (fingerprint.stamp)
    if_absent: bool = False  # written only where no file is (a package's ``__init__.py``): current whatever it holds
    module: bool = True  # a generated module (fingerprinted); False: a runtime file, copied as it is

    @property
    def content(self) -> str:
        """The file's full text: ``text`` with the fingerprint line when ``inputs`` is set."""
        return stamp(self.text, self.inputs, self.reads) if self.inputs is not None else self.text

    def is_current(self) -> bool:
        """True when the file on disk already holds this code, its fingerprint line aside
        (``write_all`` refreshes the line); OutputError as ``read_output``."""
        old = read_output(self.path)
        return old is not None and (self.if_absent or old == self.text or unstamp(old)[0] == self.text)

    def is_written(self) -> bool:
        """True when the file on disk is exactly ``content`` (or, ``if_absent``, exists)."""
        old = read_output(self.path)
        return old is not None if self.if_absent else old == self.content

    def diff(self, root: Path | None = None) -> str:
        """A unified diff from the file on disk to ``content`` (empty when the code is current),
        paths relative to the project ``root`` (for ``git apply`` and ``patch -p1``)."""
        if self.is_current():
            return ""
        old = read_output(self.path)
        shown = self.path.resolve()
        if root is not None and shown.is_relative_to(root.resolve()):
            shown = shown.relative_to(root.resolve())
        name = shown.as_posix().lstrip("/")
        lines = difflib.unified_diff(
            (old or "").splitlines(keepends=True),
            self.content.splitlines(keepends=True),
            fromfile=f"a/{name}" if old is not None else "/dev/null",
            tofile=f"b/{name}",
        )
        return "".join(lines)


def read_output(path: Path) -> str | None:
    """The text of the output file at ``path``; None when there is none (a dangling symlink too).

    Raises:
        OutputError: anything else there, saying what: a directory, a fifo, socket or device
            (reading would block), a symlink loop, a file not UTF-8 (not ours: never written
            over) or unreadable, a file where a directory should be.
    """
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise _odd(path, "it is a directory")
        if not stat.S_ISREG(mode):
            raise _odd(path, "it is not a regular file (a fifo, a socket or a device)")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise _odd(path, "a file stands where a directory on its way should be") from None
    except UnicodeDecodeError:
        raise _odd(path, "it is not UTF-8 text, so not a module gen-models wrote") from None
    except OSError as exc:  # a symlink loop (ELOOP), no permission...
        raise _odd(path, exc.strerror or str(exc)) from None


def _odd(path: Path, what: str) -> OutputError:
    where = Path(display_path(path.parent)) / path.name  # the output's own name, not where a link leads
    return OutputError(f"cannot write {where}: {what}; move it away or choose another output; nothing was written")


def write_all(outputs: list[Output]) -> list[Path]:
    """Write every output whose file is not exactly its ``content``, all or nothing (module
    docstring; replaced files kept as hard links until every rename succeeded); the paths written.

    Raises:
        OSError: a file cannot be written; the output directories are then as they were.
    """
    changed = [o for o in outputs if not o.is_written()]
    if not changed:
        return []
    temp_dirs: dict[Path, Path] = {}
    locks: list[int] = []
    with _signals_as_failures():
        try:
            staged = [(o.path, _stage(o, temp_dirs, locks)) for o in changed]
            _commit(staged)
        finally:
            for temp_dir in temp_dirs.values():
                shutil.rmtree(temp_dir, ignore_errors=True)
            for lock in locks:
                os.close(lock)
    return [target for target, _ in staged]


#: The prefix of a staging directory; in it, ``_LOCK`` is locked while its run writes.
STAGING = ".gen-models-"
_LOCK = ".lock"
#: Seconds after which a staging directory without a lock counts as abandoned (no run writes that long).
_ABANDONED_AFTER = 3600


def _stage(output: Output, temp_dirs: dict[Path, Path], locks: list[int]) -> Path:
    parent = output.path.parent
    if parent not in temp_dirs:
        parent.mkdir(parents=True, exist_ok=True)
        _remove_abandoned(parent)
        # inside the output directory: a rename within one file system, whatever is mounted where
        temp_dirs[parent] = Path(tempfile.mkdtemp(prefix=STAGING, dir=parent))
        # held (``flock``) until closed, or until the process ends however it ends
        locks.append(os.open(temp_dirs[parent] / _LOCK, os.O_CREAT | os.O_WRONLY, 0o600))
        if fcntl is not None:
            fcntl.flock(locks[-1], fcntl.LOCK_EX)
    temp = temp_dirs[parent] / output.path.name
    with open(temp, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(output.content)
    return temp


def _remove_abandoned(directory: Path) -> None:
    """Remove the staging directories no live run holds (its lock can be taken; no lock: older
    than ``_ABANDONED_AFTER``). Errors are ignored: a later run removes what is left."""
    try:
        candidates = [entry for entry in os.scandir(directory) if entry.name.startswith(STAGING) and entry.is_dir()]
    except OSError:
        return
    for entry in candidates:
        try:
            handle = os.open(Path(entry.path) / _LOCK, os.O_RDONLY)
        except FileNotFoundError:
            with suppress(OSError):
                if time.time() - entry.stat(follow_symlinks=False).st_mtime > _ABANDONED_AFTER:
                    shutil.rmtree(entry.path, ignore_errors=True)
            continue
        except OSError:
            continue
        try:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held by a live run: BlockingIOError
            elif time.time() - os.fstat(handle).st_mtime <= _ABANDONED_AFTER:
                continue
            shutil.rmtree(entry.path, ignore_errors=True)
        except OSError:
            continue
        finally:
            os.close(handle)


class _Signalled(BaseException):
    """A termination signal seen while files are written: unwinds like any failure, then the
    process ends as the signal says."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"signal {signum}")
        self.signum = signum


#: The signals that end a run and that it can see.
_TERMINATING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def _signals_as_failures() -> Iterator[None]:
    """In the main thread (handlers are set only there), a terminating signal raises ``_Signalled``;
    once unwound, the handlers are restored and the signal delivered again."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Any] = {}
    for signum in _TERMINATING:
        if signal.getsignal(signum) is signal.SIG_DFL:  # the signal ends the process: unwind first
            previous[signum] = signal.signal(signum, _raise_signalled)
    try:
        yield
    except _Signalled as seen:
        signal.signal(seen.signum, previous[seen.signum])
        os.kill(os.getpid(), seen.signum)  # by its default action: the process ends here
        raise
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _raise_signalled(signum: int, frame: Any) -> None:
    raise _Signalled(signum)


def _commit(staged: list[tuple[Path, Path]]) -> None:
    """Rename staged files over their targets; on any failure, restore the old files."""
    done: list[tuple[Path, Path | None]] = []
    try:
        for target, temp in staged:
            backup = None
            if target.exists():
                backup = temp.with_name(temp.name + ".previous")
                try:
                    os.link(target, backup)
                except OSError:
                    shutil.copy2(target, backup)
            done.append((target, backup))
            os.replace(temp, target)
    except BaseException:
        for target, backup in reversed(done):
            if backup is not None:
                os.replace(backup, target)
            else:
                target.unlink(missing_ok=True)
        raise
