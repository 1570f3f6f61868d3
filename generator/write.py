"""Write: rendered modules in, files on disk out, all or nothing.

Every module is written to a temporary directory beside the output directory first; only
when all are written are they renamed into place (``os.replace``, atomic per file), so a
failure at any earlier stage leaves the output directory exactly as it was.
"""

from __future__ import annotations

import difflib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Output:
    """One generated file: where it goes and its full text."""

    path: Path
    text: str

    def current(self) -> str | None:
        """The file's text on disk now, or None when it does not exist."""
        try:
            return self.path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return None

    def is_current(self) -> bool:
        """True when the file on disk already has exactly this text."""
        return self.current() == self.text

    def diff(self) -> str:
        """A unified diff from the file on disk to this text (empty when current)."""
        old = self.current()
        lines = difflib.unified_diff(
            (old or "").splitlines(keepends=True),
            self.text.splitlines(keepends=True),
            fromfile=f"a/{self.path}" if old is not None else "/dev/null",
            tofile=f"b/{self.path}",
        )
        return "".join(lines)


def write_all(outputs: list[Output]) -> list[Path]:
    """Write every output atomically; returns the paths whose content changed.

    Raises:
        OSError: a file cannot be written; the output directory is then left as it was.
    """
    changed = [o for o in outputs if not o.is_current()]
    if not changed:
        return []
    staging: dict[Path, Path] = {}
    temp_dirs: list[Path] = []
    try:
        for output in changed:
            target_dir = output.path.parent
            target_dir.mkdir(parents=True, exist_ok=True)
            temp_dir = Path(tempfile.mkdtemp(prefix=".gen-models-", dir=target_dir.parent))
            temp_dirs.append(temp_dir)
            temp = temp_dir / output.path.name
            with open(temp, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(output.text)
            staging[output.path] = temp
        for target, temp in staging.items():
            os.replace(temp, target)
    finally:
        for temp_dir in temp_dirs:
            shutil.rmtree(temp_dir, ignore_errors=True)
    return list(staging)
