"""Files read and written safely, and JSON read with distrust: the one place every module that keeps a file asks.

A file is read only if it is a regular file (a named pipe never makes a read wait, a device is never read),
and never more of it than its limit. A file is replaced only whole: written beside it, synced, renamed over
it; a link, a folder and a file the user made read-only are refused, never written through. Unix-only flags
of `os` are used only where `os` has them (Windows has none of them).
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import secrets
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

from .errors import FileRefused, JsonRefused, excerpt

# What a path that is no regular file is, said for a person.
FILE_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a named pipe",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFLNK: "a link",
}
# What os.fsync says on a file system that cannot sync at all (the browser's): nothing is lost by going on.
CANNOT_SYNC = {errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP}
CHUNK = 1 << 20  # bytes read at a time
FOLDER_NAME = "euchre_lesson"  # the lessons' own folder in the user's Jupyter data folder
BROWSER_FOLDER = "/drive/.euchre_lesson"  # JupyterLite keeps /drive in the browser's storage; its home is not kept


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words: 'a folder', 'a named pipe', ..."""
    return FILE_KINDS.get(stat.S_IFMT(mode), "something other than a file")


def shown(path: object) -> str:
    """A path (or a name) as a message shows it: unquoted, and cut short if it is very long."""
    text = str(path)
    return text if len(text) <= 200 else f"{text[:100]}… ({len(text):,} characters)"


def _flag(name: str) -> int:
    """One of os's open flags, or nothing where this system's os has none of that name (asked at each call)."""
    return getattr(os, name, 0)


def data_folder() -> Path:
    """The user's own folder for what the lessons keep: in the Jupyter data folder, or the browser's storage."""
    if sys.platform == "emscripten":  # JupyterLite: only /drive outlives the page
        return Path(BROWSER_FOLDER)
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:
        return _per_user_data() / "jupyter" / FOLDER_NAME
    return Path(jupyter_data_dir()) / FOLDER_NAME


def _per_user_data() -> Path:
    """Where a user's application data goes on this system (as jupyter_core would say)."""
    if os.environ.get("JUPYTER_DATA_DIR"):
        return Path(os.environ["JUPYTER_DATA_DIR"]).parent
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"])
    if sys.platform == "darwin":
        return Path.home() / "Library"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


# -- reading -----------------------------------------------------------------------------------------------


def read_regular(
    path: str | os.PathLike[str], limit: int, *, follow_links: bool = True, what: str = "this file"
) -> bytes:
    """The bytes of the regular file at `path`, at most `limit`; FileRefused says why not, `what` naming the file
    in the words of a file too large ('a saved game')."""
    try:
        if not follow_links:  # asked by name first: where os has no O_NOFOLLOW, open would follow the link
            _refuse_kind(os.lstat(path).st_mode)
        # O_NONBLOCK: opening a named pipe does not wait for a writer; fstat then says what was opened, no race.
        handle = os.open(
            path,
            os.O_RDONLY
            | _flag("O_NONBLOCK")
            | _flag("O_NOCTTY")
            | _flag("O_CLOEXEC")
            | _flag("O_BINARY")
            | (0 if follow_links else _flag("O_NOFOLLOW")),
        )
    except OSError as error:
        raise _unopenable(path, error, follow_links) from None
    try:
        _refuse_kind(os.fstat(handle).st_mode)
        data = _read_at_most(handle, limit + 1)
    except OSError as error:  # a damaged disk
        raise FileRefused("system", f"it cannot be read: {error.strerror or error}") from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise FileRefused("size", f"it is larger than {limit:,} bytes, too big for {what}")
    return data


def _refuse_kind(mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise FileRefused("link" if stat.S_ISLNK(mode) else "kind", f"it is {kind_of(mode)}, not a file")


def _unopenable(path: str | os.PathLike[str], error: OSError, follow_links: bool) -> FileRefused:
    """Why the file cannot be opened, in words."""
    if isinstance(error, (FileNotFoundError, NotADirectoryError)):
        if os.path.islink(path):
            return FileRefused(
                "missing",
                f"there is no file of that name: it is a link to {shown(os.readlink(path))}, which does not exist",
            )
        return FileRefused("missing", "there is no file of that name")
    if error.errno == errno.ELOOP:
        if not follow_links:  # a link put there since it was looked at
            return FileRefused("link", "it is a link, not a file")
        return FileRefused("loop", "it is a link that leads back to itself (a loop of links), not a file")
    return FileRefused("system", f"it cannot be read: {error.strerror or error}")


def _read_at_most(handle: int, size: int) -> bytes:
    chunks, left = [], size
    while left > 0:
        chunk = os.read(handle, min(left, CHUNK))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def as_text(data: bytes) -> str:
    """A file's bytes as UTF-8 text, a byte-order mark allowed (Windows Notepad writes one); else FileRefused."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        hint = " (it looks like UTF-16, Notepad's Unicode)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise FileRefused(
            "text", f"it is not UTF-8 text{hint}: byte {data[error.start]:#04x} at position {error.start:,}"
        ) from None


# -- writing -----------------------------------------------------------------------------------------------


def replaceable(path: str | os.PathLike[str]) -> int | None:
    """The mode of the regular file `path` names, None if there is none yet; FileRefused for anything that must
    not be replaced: a link, a folder, a pipe, a file made read-only, a path whose folder does not exist."""
    path = Path(path)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise FileRefused(
                "folder",
                f"the folder {shown(path.parent)} does not exist: create it first, or choose a folder that exists",
            ) from None
        return None
    except OSError as error:
        raise FileRefused("system", f"it cannot be written: {error.strerror or error}") from None
    if stat.S_ISLNK(info.st_mode):
        raise FileRefused(
            "link",
            f"it is a link to {shown(os.readlink(path))}; saving would replace the link "
            f"with a file: save to the target itself, or choose another name",
        )
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused("kind", f"it is {kind_of(info.st_mode)}, not a regular file: choose a file name")
    mode = stat.S_IMODE(info.st_mode)
    # A rename ignores the file's own mode, so a file nobody may write (chmod 444), or that this user may not,
    # is refused here: whoever protected it meant it to stay. (As root, os.access says yes to every file.)
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        raise FileRefused(
            "read-only",
            "the file is read-only, so it is kept as it is: choose another name, or "
            "make the file writable first if it may be replaced",
        )
    return mode


def write_atomically(path: str | os.PathLike[str], data: str | bytes, *, private: bool = False) -> None:
    """Replace (or make) the regular file at `path` with `data`, whole or not at all: written beside it, synced,
    renamed over it. A failure leaves the old file as it was and nothing else behind. The old file's mode is
    kept; a new file gets what open would give, or only its owner's if `private`. FileRefused: see replaceable."""
    path = Path(path)
    mode = replaceable(path)
    temporary = staged(path, data, 0o600 if mode is None and private else mode)
    try:
        os.replace(temporary, path)  # a rename: a link put there since is replaced, never written through
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_new(path: str | os.PathLike[str], data: str | bytes, *, private: bool = False) -> bool:
    """Make the file `path` holding `data`, unless there is one already (False then, and it is left as it is)."""
    path = Path(path)
    if not hasattr(os, "link"):  # Pyodide's os has no hard links at all
        return _create_exclusively(path, data, private)
    temporary = staged(path, data, 0o600 if private else None)
    try:
        os.link(temporary, path)  # whole or not at all, and never over a file made meanwhile
        return True
    except FileExistsError:
        return False
    except OSError:  # no hard links on this file system (the browser's, some shares): create it exclusively
        return _create_exclusively(path, data, private)
    finally:
        temporary.unlink(missing_ok=True)


def replace_files(folder: str | os.PathLike[str], files: dict[str, bytes]) -> None:
    """Put each of `files` (a name in `folder`, its bytes) in place whole: every one is staged beside its place
    before any is renamed, so a failure while staging leaves the folder as it was and nothing else behind. What is
    at a name already (a file, a link) is replaced by the rename, never written through: the caller has decided
    that it may be (the tools' lists of what they wrote say which files are theirs)."""
    folder = Path(folder)
    ready: list[tuple[Path, Path]] = []
    try:
        for name, data in files.items():
            ready.append((staged(folder / name, data), folder / name))  # the mode open would give a new file
        for temporary, final in ready:
            os.replace(temporary, final)
    except BaseException:
        for temporary, _ in ready:
            temporary.unlink(missing_ok=True)
        raise


def replace_folder(target: str | os.PathLike[str], files: dict[str, bytes]) -> None:
    """Make a new folder beside `target` holding `files` (paths inside it, their bytes), then put it in place of
    `target`, which is removed first if there is one (the caller has decided that it may be). A failure while the
    new folder is written leaves `target` as it was and nothing else behind."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f"{target.name[:100]}.", dir=target.parent))  # nothing to write through
    try:
        for name, data in files.items():
            (fresh / name).parent.mkdir(parents=True, exist_ok=True)
            write_new(fresh / name, data)
        if os.path.lexists(target):
            shutil.rmtree(target)
        os.replace(fresh, target)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise


def _create_exclusively(path: Path, data: str | bytes, private: bool) -> bool:
    try:
        handle = os.open(
            path,
            os.O_WRONLY | os.O_CREAT | os.O_EXCL | _flag("O_NOFOLLOW") | _flag("O_BINARY"),
            0o600 if private else 0o666,
        )
    except FileExistsError:
        return False
    _write_synced(handle, data)
    return True


def append_synced(path: str | os.PathLike[str], line: str) -> int:
    """Add one line at the end of the file at `path` (made, only its owner's, if need be; a link is refused), synced;
    the file's size after. A line cut short before it (a write that failed) is ended first, so it stays its own."""
    data = line.encode("utf-8") + b"\n"
    handle = os.open(
        path, os.O_RDWR | os.O_APPEND | os.O_CREAT | _flag("O_NOFOLLOW") | _flag("O_CLOEXEC") | _flag("O_BINARY"), 0o600
    )
    try:
        size = os.fstat(handle).st_size
        if size:
            os.lseek(handle, size - 1, os.SEEK_SET)
            if os.read(handle, 1) != b"\n":
                data = b"\n" + data
        while data:
            data = data[os.write(handle, data) :]
        # The line is written; a disk that cannot sync it keeps it as the system does.
        with contextlib.suppress(OSError):
            os.fsync(handle)
        return os.fstat(handle).st_size
    finally:
        os.close(handle)


def rename_aside(path: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Rename the file at `path` to `target`, a name not taken (FileExistsError if it is); a link is renamed
    itself, never what it points to. How a file that cannot be used is kept for a person to look at."""
    if os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, f"{shown(target)} is taken")
    os.rename(path, target)


def staged(path: str | os.PathLike[str], data: str | bytes, mode: int | None = None) -> Path:
    """A new file beside `path` holding `data`, synced, ready to be renamed into place; with `mode`, or for a new
    file what the umask gives, as open would."""
    path = Path(path)
    for _ in range(100):
        temporary = path.with_name(f".{path.name[:100]}.{secrets.token_hex(6)}.tmp")
        try:
            handle = os.open(
                temporary,
                os.O_WRONLY | os.O_CREAT | os.O_EXCL | _flag("O_NOFOLLOW") | _flag("O_CLOEXEC") | _flag("O_BINARY"),
                0o666 if mode is None else 0o600,
            )
        except FileExistsError:
            continue
        try:
            if mode is not None:
                _set_mode(handle, temporary, mode)  # before any byte is written
        except BaseException:
            os.close(handle)
            temporary.unlink(missing_ok=True)
            raise
        try:
            _write_synced(handle, data)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
        return temporary
    raise FileExistsError(errno.EEXIST, f"Cannot find a free temporary name beside {shown(path)}.")


def _set_mode(handle: int, path: Path, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(handle, mode)
    else:  # Windows' os has no fchmod before Python 3.13
        os.chmod(path, mode)


def _write_synced(handle: int, data: str | bytes) -> None:
    """Write all of `data` to the open file, sync it and close it."""
    with os.fdopen(handle, "wb") as file:
        file.write(data.encode("utf-8") if isinstance(data, str) else data)
        file.flush()
        try:
            os.fsync(file.fileno())
        except OSError as error:
            if error.errno not in CANNOT_SYNC:  # a disk that failed: the old file must stay
                raise


# -- JSON ----------------------------------------------------------------------------------------------------


def parse_json(text: str, depth: int, digits: int, *, allow_nan: bool = False) -> Any:
    """The JSON value of `text`, refusing (JsonRefused) what json.loads cannot be trusted with: a field written
    twice, lists or objects nested more than `depth` levels, a whole number of more than `digits` digits (at most
    4,300), and unless `allow_nan`, NaN, Infinity and numbers too large for a float."""
    if not text.strip():
        raise JsonRefused("empty", "is empty: it holds no JSON at all")
    try:
        value = json.loads(
            text,
            object_pairs_hook=_once_each,
            parse_int=lambda found: _whole(found, digits),
            parse_float=None if allow_nan else _finite,
            parse_constant=None if allow_nan else _no_constant,
        )
    except RecursionError:
        raise _too_deep(depth) from None
    except json.JSONDecodeError as error:
        python = text[error.pos :].startswith(("True", "False", "None"))  # Python's spelling, not JSON's
        raise JsonRefused(
            "syntax",
            f"is not readable JSON: {error.msg} at line {error.lineno}, column {error.colno}"
            f"{' (JSON writes true, false and null in small letters)' if python else ''}",
        ) from None
    if nesting(value, depth) > depth:
        raise _too_deep(depth)
    return value


def _too_deep(depth: int) -> JsonRefused:
    return JsonRefused(
        "deep",
        f"is nested too deeply for JSON these lessons can read: lists or objects inside "
        f"each other more than {depth} levels deep",
    )


def _once_each(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object whose every field is written once: of two values for one field, neither is right."""
    value = dict(pairs)
    if len(value) < len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonRefused(
                    "twice", f"has the field {excerpt(key)} twice in one object; write each field once", excerpt(key)
                )
            seen.add(key)
    return value


def _whole(found: str, digits: int) -> int:
    """A JSON whole number, refused past `digits` (int() of 5,000 digits raises, or is slow)."""
    count = len(found.lstrip("-"))
    if count > digits:
        raise JsonRefused(
            "number",
            f"holds a number {count:,} digits long, more than JSON these lessons can read (at most {digits:,})",
        )
    return int(found)


def _finite(found: str) -> float:
    """A JSON number with a point or an exponent, refused if it overflows to infinity."""
    number = float(found)
    if not math.isfinite(number):
        raise JsonRefused(
            "constant", f"holds the number {excerpt(found, show=str)}, too large to read: it would be infinity"
        )
    return number


def _no_constant(name: str) -> None:
    """NaN and Infinity are not JSON, though json.loads reads them."""
    raise JsonRefused("constant", f"holds {name}, which is not a number JSON allows")


def nesting(value: object, most: int) -> int:
    """How deep lists and objects sit inside each other, counted level by level up to one past `most` (no
    recursion to overflow)."""
    depth, level = 0, [value] if isinstance(value, (list, dict)) else []
    while level and depth <= most:
        depth += 1
        level = [
            child
            for node in level
            for child in (node.values() if isinstance(node, dict) else node)
            if isinstance(child, (list, dict))
        ]
    return depth
