"""Build the students' copies of the lessons: the answers taken out, the outputs cleared.

    python -m euchre_lesson.teach.student_copies notebooks student_notebooks [--branch students]

The teacher's guide is not copied. The class's house rules (`house_rules.json` beside the lessons) are
copied beside the copies, checked first, for the lessons read them from their own folder. A cell tagged
`solution` in a source notebook (the teacher's demonstration that a checker refuses
a wrong answer and accepts the right one, or a call of `solution()`) is left out of the copy;
every other cell is kept with its outputs cleared, so students run the lesson themselves.

Nothing is lost: every lesson is read and converted before anything is written; each copy is
written to a new file and renamed into place, so a link in the output folder is replaced, never
written through; and an output folder holding files this tool did not write (a student's edited
copy, say) is refused unless --force is given. With --force the copies this tool wrote are replaced,
edited or not, and a file it never wrote is left as it is, even one named as a lesson (that lesson's
copy is then not written, and the command says so). The tool knows its own copies by a mark it writes in each
(the notebook's metadata "euchre_lesson": {"student_copy": true}, which a student's edits keep): a file without
the mark is never replaced, even where a copy of the same name was written before (a teacher's own version put
in its place). The tool lists what it wrote, with a checksum of
each copy, in `.student_copies.json` in the output folder, so running it again just works.

What a copy holds, and which files are copied, is teach/handout.py's one list (the site and the app use it too).
With --branch, the tool also commits the project, its lessons folder holding just the copies, on a git branch of
its own, for Binder and nbgitpuller to open (they open a branch of a repository, and the main one has the answers).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat

from ..engine import checks
from ..engine.errors import excerpt
from ..engine.files import as_text, parse_json, read_regular, replace_files, shown
from ..engine.formats import Format, frozen, read
from .handout import MOST_LESSON_BYTES, NOTEBOOK_DIGITS, NOTEBOOK_NESTING, lessons, student_copy, student_files  # noqa: F401
from .house_rules import HOUSE_RULES_FILE
from .refusals import ToolRefused, exit_on_refusal

JUPYTER_OWN = {".ipynb_checkpoints"}  # folders Jupyter itself makes beside an opened notebook
MANIFEST = ".student_copies.json"
WRITTEN_BY = "python -m euchre_lesson.teach.student_copies"
SHA256 = frozen({"type": "string", "pattern": "^[0-9a-f]{64}$", "description": "a SHA-256 checksum in hexadecimal"})
# The list of the copies this tool wrote, with a checksum of each: written by _manifest_bytes, read by _manifest.
COPIES_LIST = Format(
    "list of student copies",
    {
        "type": "object",
        "properties": {
            "written_by": {"const": WRITTEN_BY},
            "copies": {"type": "object", "additionalProperties": SHA256},
        },
        "required": ["copies"],
    },
)
MOST_MANIFEST_BYTES = 2**20
# The mark the tool writes in each copy's metadata: --force replaces only a file that carries it.
COPY_MARK = {"euchre_lesson": {"student_copy": True}}
NAMES_SHOWN = 10
CHANGED = " (changed since it was written)"


def build(source: Path, target: Path, force: bool = False) -> list[Path]:
    """Write a student copy of every numbered lesson in `source` into `target`; the paths written.

    Refuses (ToolRefused saying why, nothing written) a broken lesson, an output folder that overlaps `source`,
    and, unless `force`, an output folder holding files this tool did not write; with `force`, a file this tool
    never wrote is left as it is, even where a copy would go (that copy is not written, nor returned)."""
    source, target = _folder(source, "source"), _folder(target, "target")
    force = checks.flag("force", force)
    try:
        return _build(source, target, force)
    except OSError as error:  # a name the system cannot take (too long, say), met before anything is written
        raise ToolRefused(
            f"Cannot make the student copies from {_excerpt(str(source))} into "
            f"{_excerpt(str(target))}: {error.strerror or error}."
        ) from None


def _build(source: Path, target: Path, force: bool) -> list[Path]:
    copies = _marked(student_files(source))  # all read before any is written: the hand-out's list (teach/handout.py)
    rules = copies.get(HOUSE_RULES_FILE)
    _refuse_overlap(source, target)
    untouched, foreign, never_written = _survey(target)
    if foreign and not force:
        raise ToolRefused(
            f"The output folder {shown(target)} holds files this tool did not write: {_names(foreign)}. "
            "Nothing was written. Move them away, or run again with --force to replace the student copies; "
            "other files are left as they are."
        )
    # A file this tool never wrote is not a copy, even under a lesson's name (the teacher's own version, say):
    # --force leaves it as it is, and that lesson's copy is not written.
    copies = {name: data for name, data in copies.items() if name not in never_written}
    _refuse_folders_in_the_way(target, copies)
    # Rules the class no longer has must not linger beside the copies (only this tool's own, unchanged, go).
    stale = rules is None and untouched.pop(HOUSE_RULES_FILE, None) is not None
    _write_all(target, copies, untouched)
    if stale:
        (target / HOUSE_RULES_FILE).unlink(missing_ok=True)
    return [target / name for name in copies]


def _marked(files: dict[str, bytes]) -> dict[str, bytes]:
    """The hand-out's files, each lesson carrying the mark that says this tool wrote it (COPY_MARK)."""
    out = {}
    for name, data in files.items():
        if name.endswith(".ipynb"):
            lesson = nbformat.reads(data.decode("utf-8"), as_version=4)
            lesson.metadata.update({key: dict(value) for key, value in COPY_MARK.items()})
            text = nbformat.writes(lesson)
            data = (text if text.endswith("\n") else text + "\n").encode("utf-8")
        out[name] = data
    return out


def _carries_mark(path: Path) -> bool:
    """Whether the notebook at `path` carries the mark this tool writes in each copy (never through a link)."""
    try:
        lesson = parse_json(
            as_text(read_regular(path, MOST_LESSON_BYTES, follow_links=False)), NOTEBOOK_NESTING, NOTEBOOK_DIGITS
        )
    except ValueError:  # not a file, too large, not JSON: not a copy
        return False
    metadata = lesson.get("metadata") if isinstance(lesson, dict) else None
    return isinstance(metadata, dict) and metadata.get("euchre_lesson") == COPY_MARK["euchre_lesson"]


def _folder(value: object, argument: str) -> Path:
    """`value` as a Path; a ValueError naming `argument` for anything that is not a path."""
    return checks.path(argument, value, "a folder path such as 'notebooks'")


def _refuse_overlap(source: Path, target: Path) -> None:
    """Refuse an output folder that is the lessons folder, lies inside it or holds it (links followed)."""
    source_id, target_id = _identity(source), _identity(target)
    if target_id == source_id:
        where = "is the lessons folder"
    elif source_id in _enclosing(target):
        where = "is inside the lessons folder"
    elif target_id is not None and target_id in _enclosing(source):
        where = "holds the lessons folder"
    else:
        return
    raise ToolRefused(
        f"Write the student copies to another folder: the output folder {shown(target)} {where} "
        f"({shown(source)}), whose notebooks must not be touched."
    )


def _identity(path: Path) -> tuple[int, int] | None:
    """The device and inode of the folder `path` leads to (links followed); None if there is none."""
    try:
        found = os.stat(os.path.realpath(path))
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def _enclosing(path: Path) -> set:
    """The identities of every existing folder above `path`, once its links are resolved."""
    return {_identity(parent) for parent in Path(os.path.realpath(path)).parents} - {None}


def _survey(target: Path) -> tuple[dict[str, str], list[str], set[str]]:
    """The copies in `target` this tool wrote and nobody changed since (name to sha256), every other entry (its name
    and why it is not such a copy, for a message), and the names of the files this tool never wrote (not links)."""
    if not os.path.lexists(target):
        return {}, [], set()
    if not target.is_dir():
        raise ToolRefused(f"The output folder {shown(target)} is not a folder. Name a folder for the student copies.")
    written = _manifest(target)
    untouched, foreign, never_written = {}, [], set()
    try:
        with os.scandir(target) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name in JUPYTER_OWN and entry.is_dir(follow_symlinks=False):
                    continue  # JupyterLab makes it when a copy is opened; it is not the teacher's work
                why = _not_ours(entry, written)
                if why is None and entry.name != MANIFEST:
                    untouched[entry.name] = written[entry.name]
                elif why is not None:
                    foreign.append(f"{_excerpt(entry.name)}{why}")
                    lone = why in ("", CHANGED) and entry.stat(follow_symlinks=False).st_nlink == 1  # a link's data
                    if lone and not (entry.name.endswith(".ipynb") and _carries_mark(Path(entry.path))):  # is kept
                        never_written.add(entry.name)
    except OSError as error:
        raise ToolRefused(f"Cannot look into the output folder {shown(target)}: {error.strerror or error}.") from None
    return untouched, foreign, never_written


def _manifest(target: Path) -> dict[str, str]:
    """The copies this tool last wrote into `target` (name to sha256); empty if its list is missing or unreadable."""
    try:
        raw = parse_json(
            as_text(read_regular(target / MANIFEST, MOST_MANIFEST_BYTES, follow_links=False)),
            NOTEBOOK_NESTING,
            NOTEBOOK_DIGITS,
        )
        return dict(read(COPIES_LIST, raw)["copies"])
    except ValueError:  # a link, not a file, not JSON, not of its format (FormatRefused): not this tool's list
        return {}


def _not_ours(entry: os.DirEntry, written: dict[str, str]) -> str | None:
    """None for a file this tool wrote and nobody changed since; otherwise why it is not, to show the teacher."""
    if entry.is_symlink():
        return " (a link)"
    if entry.is_dir(follow_symlinks=False):
        return " (a folder)"
    if entry.name == MANIFEST:
        return None if entry.is_file(follow_symlinks=False) else " (not a regular file)"
    if entry.name not in written:
        return ""
    try:
        same = _sha256(read_regular(Path(entry.path), MOST_LESSON_BYTES, follow_links=False)) == written[entry.name]
    except ValueError:
        same = False
    return None if same else CHANGED


def _refuse_folders_in_the_way(target: Path, copies: dict[str, bytes]) -> None:
    """Refuse, before writing anything, a folder standing where a copy goes: a folder is never replaced."""
    blocked = [name for name in copies if (target / name).is_dir() and not (target / name).is_symlink()]
    if (target / MANIFEST).is_dir() and not (target / MANIFEST).is_symlink():
        blocked.append(MANIFEST)
    if blocked:
        kind = "is a folder" if len(blocked) == 1 else "are folders"
        raise ToolRefused(
            f"In {shown(target)}, {_names(blocked)} {kind} where a student copy goes. Nothing was "
            "written; move it away and run again."
        )


def _write_all(target: Path, copies: dict[str, bytes], untouched: dict[str, str]) -> None:
    """Stage every copy and the list of them as new files in `target`, then rename each into place (files.py)."""
    created = not os.path.lexists(target)
    digests = {**untouched, **{name: _sha256(data) for name, data in copies.items()}}
    try:
        target.mkdir(parents=True, exist_ok=True)
        replace_files(target, {**copies, MANIFEST: _manifest_bytes(digests)})  # a link is replaced, not written into
    except BaseException as error:
        if created and target.is_dir() and not any(target.iterdir()):
            target.rmdir()
        if isinstance(error, OSError):
            raise ToolRefused(
                f"Cannot write the student copies into {shown(target)}: {error.strerror or error}."
            ) from None
        raise


def _manifest_bytes(digests: dict[str, str]) -> bytes:
    """The list of the copies this tool wrote, as it is stored in the output folder."""
    listing = {"written_by": WRITTEN_BY, "copies": dict(sorted(digests.items()))}
    return (json.dumps(listing, indent=1) + "\n").encode("utf-8")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _excerpt(text: str, most: int = 80) -> str:
    """`text` cut to a short excerpt for a message."""
    return text if len(text) <= most else text[:most] + "…"


def _names(names: list[str]) -> str:
    """The first few of `names` for a message, and how many more."""
    shown = ", ".join(names[:NAMES_SHOWN])
    return shown if len(names) <= NAMES_SHOWN else f"{shown} and {len(names) - NAMES_SHOWN} more"


# -- a branch of the project for Binder and nbgitpuller -----------------------------------------------------------

BRANCH_MARK = "Written-by: python -m euchre_lesson.teach.student_copies --branch"
GIT_FALLBACK_IDENTITY = {
    "GIT_AUTHOR_NAME": "student copies",
    "GIT_AUTHOR_EMAIL": "student-copies@localhost",
    "GIT_COMMITTER_NAME": "student copies",
    "GIT_COMMITTER_EMAIL": "student-copies@localhost",
}


def build_branch(source: Path, branch: str) -> str:
    """Commit, on `branch`, the project as last committed with its lessons folder holding only the student copies.

    Binder and nbgitpuller open a branch of a repository: pushed (git push origin students), this one gives the
    students the lessons without the answers at the same paths. The work tree, the index and the branch checked
    out are never touched; a branch this tool did not write is refused. The commit's id is returned (the old tip
    when nothing changed)."""
    source = _folder(source, "source")
    if not isinstance(branch, str) or not branch.strip() or "\0" in branch:
        raise ValueError(f"branch must be the name of a git branch, such as 'students', not {excerpt(branch)}.")
    copies = student_files(source)
    top = Path(_git(source, "rev-parse", "--show-toplevel").strip())
    folder = Path(os.path.realpath(source)).relative_to(os.path.realpath(top)).as_posix()
    if folder == ".":
        raise ToolRefused(
            f"The lessons folder {shown(source)} is the whole project: name the folder of the lessons, "
            "such as notebooks."
        )
    ref = f"refs/heads/{_git(top, 'check-ref-format', '--branch', branch).strip()}"
    if _git(top, "symbolic-ref", "-q", "HEAD", check=False).strip() == ref:
        raise ToolRefused(
            f"The branch {branch} is the one checked out here: name another branch for the students, such as students."
        )
    if not _git(top, "rev-parse", "-q", "--verify", "HEAD^{commit}", check=False).strip():
        raise ToolRefused("This project has no commit yet: commit it first (the branch is the project as committed).")
    tip = _git(top, "rev-parse", "-q", "--verify", f"{ref}^{{commit}}", check=False).strip()
    if tip and BRANCH_MARK not in _git(top, "log", "-1", "--format=%B", tip):
        raise ToolRefused(
            f"The branch {branch} exists and was not written by this tool. Nothing was written; "
            "name another branch for the students."
        )
    with tempfile.TemporaryDirectory() as scratch:  # an index of its own: the teacher's index is left as it is
        index = {"GIT_INDEX_FILE": str(Path(scratch) / "index")}
        _git(top, "read-tree", "HEAD", env=index)
        _git(top, "rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", folder, env=index)
        for name, data in copies.items():
            blob = _git(top, "hash-object", "-w", "--stdin", data=data).strip()
            _git(top, "update-index", "--add", "--cacheinfo", f"100644,{blob},{folder}/{name}", env=index)
        tree = _git(top, "write-tree", env=index).strip()
    if tip and tree == _git(top, "rev-parse", f"{tip}^{{tree}}").strip():
        return tip
    head = _git(top, "rev-parse", "--short", "HEAD").strip()
    message = (
        f"Student copies of {folder}/ at {head}: no solution cells, no outputs, no teacher's guide\n\n{BRANCH_MARK}\n"
    )
    identity = {} if _git(top, "var", "GIT_AUTHOR_IDENT", check=False).strip() else GIT_FALLBACK_IDENTITY
    commit = _git(top, "commit-tree", tree, *(["-p", tip] if tip else []), data=message.encode(), env=identity).strip()
    _git(top, "update-ref", ref, commit, tip or "")  # only if the branch is still where it was read
    return commit


def _git(where: Path, *words: str, check: bool = True, data: bytes | None = None, env: dict | None = None) -> str:
    """What git prints for `words`, run in `where`; ToolRefused saying what failed (with `check`)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(where), *words],
            input=data,
            capture_output=True,
            env={**os.environ, **(env or {})},
            check=False,
        )
    except FileNotFoundError:
        raise ToolRefused("Writing the students' branch needs git, which is not installed here.") from None
    if check and done.returncode:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ToolRefused(
            f"Cannot write the students' branch: git {words[0]} says "
            f"{_excerpt(said[-1] if said else '')!r}. Nothing was written."
        )
    return done.stdout.decode("utf-8", "replace")


def main(argv: list[str] | None = None) -> None:
    """The command: `argv` is its words (sys.argv[1:] when None)."""
    if argv is not None and (
        isinstance(argv, str) or not isinstance(argv, (list, tuple)) or not all(isinstance(word, str) for word in argv)
    ):
        raise ValueError(
            f"argv must be a list of the command's words, such as ['notebooks', 'student_notebooks'], "
            f"not {excerpt(argv)}."
        )
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="the folder of source lessons, e.g. notebooks")
    parser.add_argument("target", type=Path, help="the folder to write the student copies to")
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace the student copies even if the output folder holds files this tool "
        "did not write, or copies changed since (files that are not copies are left alone, "
        "even one named as a lesson: that lesson is then not copied)",
    )
    parser.add_argument(
        "--branch",
        help="also commit the project with these copies as its lessons on this git "
        "branch (for Binder or nbgitpuller), e.g. students",
    )
    options = parser.parse_args(argv)
    with exit_on_refusal():  # the one place a refusal ends the command: its sentence, exit status 1
        written = build(options.source, options.target, force=options.force)
        for path in written:
            print(path)
        for name in _left_alone(options.source, written):
            print(
                f"{name} was left as it is: this tool did not write it; move it away to have its student copy written"
            )
        if options.branch:
            commit = build_branch(options.source, options.branch)
            print(
                f"branch {options.branch} at {commit[:12]}: push it (git push origin {options.branch}) for Binder "
                f"or nbgitpuller"
            )


def _left_alone(source: Path, written: list[Path]) -> list[str]:
    """The files of the hand-out that build did not write (with --force, files it never wrote stand there)."""
    handed = [path.name for path in lessons(source)] + (
        [HOUSE_RULES_FILE] if (source / HOUSE_RULES_FILE).is_file() else []
    )
    return [name for name in handed if name not in {path.name for path in written}]


if __name__ == "__main__":
    main(sys.argv[1:])
