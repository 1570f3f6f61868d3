"""Write: rendered modules in, files on disk out, all or nothing.

Every module is written to a temporary directory inside the output directory first
(``.gen-models-*``: on the same file system as its target even when the output directory
is a mount point, and nothing beside the output directory is touched); only when all are
written are they renamed into place (``os.replace``, atomic per file), so a failure at any
earlier stage leaves the output directory's files exactly as they were (the temporary
directory is removed).
"""

from __future__ import annotations

import difflib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .fingerprint import stamp, unstamp


@dataclass(frozen=True)
class Output:
    """One generated file: where it goes, the module's code (``text``, what the golden
    files pin) and, when the run has one, the ``inputs`` digest its fingerprint line
    records and the files besides the spec it names (``fingerprint``). A file written only
    ``if_absent`` is current whatever it holds."""

    path: Path
    text: str
    inputs: str | None = None
    reads: tuple[str, ...] = ()  # the files the line names besides the spec (fingerprint.stamp)
    if_absent: bool = False  # written only where no file is (a package's ``__init__.py``)
    module: bool = True  # a generated module (fingerprinted); False: a runtime file, copied as it is

    @property
    def content(self) -> str:
        """The file's full text: ``text`` with the fingerprint line when ``inputs`` is set."""
        return stamp(self.text, self.inputs, self.reads) if self.inputs is not None else self.text

    def current(self) -> str | None:
        """The file's text on disk now, or None when it does not exist."""
        try:
            return self.path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return None

    def is_current(self) -> bool:
        """True when the file on disk already holds this code (its fingerprint line aside:
        a file that differs only there is current, and ``write_all`` refreshes the line)."""
        old = self.current()
        return old is not None and (self.if_absent or old == self.text or unstamp(old)[0] == self.text)

    def is_written(self) -> bool:
        """True when the file on disk is exactly ``content`` (or, ``if_absent``, exists): nothing to write."""
        old = self.current()
        return old is not None if self.if_absent else old == self.content

    def diff(self, root: Path | None = None) -> str:
        """A unified diff from the file on disk to ``content`` (empty when the code is
        current), with paths relative to ``root`` (the project root) so ``git apply`` and
        ``patch -p1`` take it."""
        if self.is_current():
            return ""
        old = self.current()
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


def write_all(outputs: list[Output]) -> list[Path]:
    """Write every output whose file is not exactly its ``content`` (its code changed, or
    only its fingerprint line), all or nothing; returns the paths written.

    New texts are staged in a temporary directory inside each output directory, then renamed
    into place (``os.replace``: atomic per file). The files they replace are kept (hard
    links) until every rename succeeded, and put back if one fails.

    Raises:
        OSError: a file cannot be written; the output directories are then as they were.
    """
    changed = [o for o in outputs if not o.is_written()]
    if not changed:
        return []
    temp_dirs: dict[Path, Path] = {}
    try:
        staged = [(o.path, _stage(o, temp_dirs)) for o in changed]
        _commit(staged)
    finally:
        for temp_dir in temp_dirs.values():
            shutil.rmtree(temp_dir, ignore_errors=True)
    return [target for target, _ in staged]


def _stage(output: Output, temp_dirs: dict[Path, Path]) -> Path:
    parent = output.path.parent
    if parent not in temp_dirs:
        parent.mkdir(parents=True, exist_ok=True)
        # inside the output directory: a rename within one file system, whatever is mounted where
        temp_dirs[parent] = Path(tempfile.mkdtemp(prefix=".gen-models-", dir=parent))
    temp = temp_dirs[parent] / output.path.name
    with open(temp, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(output.content)
    return temp


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
