"""What the hand-out's tests read back of a folder they built: every file under it by its path."""

from __future__ import annotations

from pathlib import Path


def listing(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` by its path there (links listed as such, never followed)."""
    return {
        p.relative_to(folder).as_posix(): b"a link" if p.is_symlink() else p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_symlink() or p.is_file()
    }
