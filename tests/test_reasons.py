"""The reasons the code relies on are written in the repository (ARCHITECTURE.md, "Why the code is as it is"):
no file sends a reader to a document outside it."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".git", ".venv", "__pycache__", ".ruff_cache", ".pytest_cache", "build", "site", "node_modules"}
OUTSIDE = "DESIGN" + ".md"  # the team's notes, kept outside the repository (written in two parts: this file names it)


def text_files() -> list[Path]:
    found, folders = [], [ROOT]
    while folders:
        for path in sorted(folders.pop().iterdir()):
            if path.is_dir() and not path.is_symlink() and path.name not in SKIPPED:
                folders.append(path)
            elif path.is_file() and path.suffix in {".py", ".md", ".ipynb", ".toml", ".yml", ".cfg", ".txt", ""}:
                found.append(path)
    return found


def test_no_file_cites_a_document_outside_the_repository():
    files = text_files()
    assert ROOT / "pyproject.toml" in files and ROOT / "Makefile" in files and ROOT / "ARCHITECTURE.md" in files
    citing = [
        str(path.relative_to(ROOT)) for path in files if OUTSIDE in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert citing == [], f"say the reason itself (ARCHITECTURE.md, 'Why the code is as it is'), in {citing}"


def test_the_reasons_cited_in_the_code_are_in_architecture_md():
    reasons = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8").split("## Why the code is as it is")[1]
    for cited in (
        "OpenSpiel is the referee",
        "redrawn on the page's own loop",
        "one door each",
        "Nothing depends on a CDN",
        "Debian's Chromium",
    ):
        assert cited in reasons, cited
