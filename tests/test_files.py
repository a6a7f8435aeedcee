"""The one module for files (engine/files.py): each refusal in words, a write that is whole or not at all, a file
the user protected kept as it is, and JSON read with distrust."""

from __future__ import annotations

import os
import stat

import pytest

from euchre_lesson.engine import errors, files, rules
from euchre_lesson.engine.errors import FileRefused, JsonRefused
from euchre_lesson.engine.files import as_text, parse_json, read_regular, write_atomically, write_new


def names(folder) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


# -- reading ----------------------------------------------------------------------------------------------


def test_a_regular_file_is_read_and_a_byte_order_mark_is_not_a_mistake(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert read_regular(path, 100) == b"\xef\xbb\xbf{}" and as_text(read_regular(path, 100)) == "{}"


def refusal(path, limit=100, **options) -> FileRefused:
    with pytest.raises(FileRefused) as refused:
        read_regular(path, limit, **options)
    return refused.value


@pytest.mark.posix("named pipes (mkfifo) and devices such as /dev/null are POSIX's: Windows has neither")
def test_what_is_not_a_regular_file_is_refused_by_its_kind_without_waiting(tmp_path):
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe")
    for name, kind in (("folder", "a folder"), ("pipe", "a named pipe")):
        refused = refusal(tmp_path / name)
        assert refused.kind == "kind" and str(refused) == f"it is {kind}, not a file"
    assert refusal("/dev/null").kind == "kind" and "a device" in str(refusal("/dev/null"))


def test_a_missing_file_and_a_link_to_nowhere_say_so(tmp_path):
    assert str(refusal(tmp_path / "none")) == "there is no file of that name"
    (tmp_path / "gone").symlink_to("elsewhere/x.json")
    refused = refusal(tmp_path / "gone")
    assert refused.kind == "missing" and "a link to elsewhere/x.json, which does not exist" in str(refused)
    (tmp_path / "loop").symlink_to("loop")
    assert refusal(tmp_path / "loop").kind == "loop" and "loop of links" in str(refusal(tmp_path / "loop"))


def test_a_link_is_followed_or_refused_as_asked_even_where_os_lacks_o_nofollow(tmp_path, monkeypatch):
    (tmp_path / "real").write_text("{}")
    (tmp_path / "link").symlink_to("real")
    assert read_regular(tmp_path / "link", 10) == b"{}"
    assert refusal(tmp_path / "link", follow_links=False).kind == "link"
    for flag in ("O_NOFOLLOW", "O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC"):
        monkeypatch.delattr(os, flag, raising=False)
    assert str(refusal(tmp_path / "link", follow_links=False)) == "it is a link, not a file"
    assert read_regular(tmp_path / "real", 10, follow_links=False) == b"{}"


def test_no_more_than_the_limit_is_read(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"x" * 11)
    assert read_regular(path, 11) == b"x" * 11
    refused = refusal(path, 10, what="a house rules file")
    assert refused.kind == "size" and str(refused) == "it is larger than 10 bytes, too big for a house rules file"


def test_text_that_is_not_utf8_is_refused_and_utf16_is_named():
    for data, said in ((b"caf\xe9", "byte 0xe9 at position 3"), ("{}".encode("utf-16"), "UTF-16")):
        with pytest.raises(FileRefused, match="not UTF-8 text") as refused:
            as_text(data)
        assert refused.value.kind == "text" and said in str(refused.value)


# -- writing ---------------------------------------------------------------------------------------------


@pytest.mark.posix("file modes such as 0o640 are POSIX's: Windows keeps only a read-only flag")
def test_a_write_replaces_the_file_whole_and_keeps_its_mode(tmp_path):
    path = tmp_path / "kept.json"
    write_atomically(path, "one")
    path.chmod(0o640)
    write_atomically(path, "two ♥")
    assert path.read_text(encoding="utf-8") == "two ♥" and stat.S_IMODE(path.stat().st_mode) == 0o640
    write_atomically(tmp_path / "mine.json", b"x", private=True)
    assert stat.S_IMODE((tmp_path / "mine.json").stat().st_mode) == 0o600 and names(tmp_path) == [
        "kept.json",
        "mine.json",
    ]


def test_a_failure_in_the_middle_of_a_write_leaves_the_old_file_and_nothing_else(tmp_path, monkeypatch):
    path = tmp_path / "kept.json"
    path.write_text("old")

    def failing(handle):
        raise OSError(5, "Input/output error")  # the disk fails once the bytes are written, before the rename

    monkeypatch.setattr(os, "fsync", failing)
    with pytest.raises(OSError, match="Input/output"):
        write_atomically(path, "new")
    assert path.read_text() == "old" and names(tmp_path) == ["kept.json"]


def test_a_file_system_that_cannot_sync_still_gets_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda handle: (_ for _ in ()).throw(OSError(22, "Invalid argument")))
    write_atomically(tmp_path / "f", "text")  # the browser's storage: no fsync, and nothing to lose by it
    assert (tmp_path / "f").read_text() == "text"


def write_refusal(path) -> FileRefused:
    with pytest.raises(FileRefused) as refused:
        write_atomically(path, "new")
    return refused.value


def test_a_read_only_file_is_kept_as_it_is(tmp_path):
    path = tmp_path / "kept.json"
    path.write_text("old")
    path.chmod(0o444)
    try:
        refused = write_refusal(path)
        assert refused.kind == "read-only" and "read-only" in str(refused) and "another name" in str(refused)
        assert path.read_text() == "old" and stat.S_IMODE(path.stat().st_mode) == 0o444
    finally:
        path.chmod(0o644)
    assert names(tmp_path) == ["kept.json"]


@pytest.mark.posix("named pipes (mkfifo) and devices such as /dev/null are POSIX's: Windows has neither")
def test_a_link_a_folder_a_pipe_and_a_missing_folder_are_refused_and_nothing_is_written(tmp_path):
    (tmp_path / "real").write_text("old")
    (tmp_path / "link").symlink_to("real")
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe")
    before = names(tmp_path)
    assert write_refusal(tmp_path / "link").kind == "link" and "real" in str(write_refusal(tmp_path / "link"))
    assert str(write_refusal(tmp_path / "folder")).startswith("it is a folder, not a regular file")
    assert "a named pipe" in str(write_refusal(tmp_path / "pipe"))
    refused = write_refusal(tmp_path / "nowhere" / "f.json")
    assert refused.kind == "folder" and "does not exist" in str(refused)
    assert names(tmp_path) == before and (tmp_path / "real").read_text() == "old"


def test_a_new_file_is_made_whole_and_never_over_another(tmp_path, monkeypatch):
    path = tmp_path / "key"
    assert write_new(path, b"first", private=True) and path.read_bytes() == b"first"
    assert not write_new(path, b"second") and path.read_bytes() == b"first"
    monkeypatch.setattr(os, "link", lambda *a, **k: (_ for _ in ()).throw(OSError(1, "no hard links here")))
    assert write_new(tmp_path / "other", b"made") and not write_new(tmp_path / "other", b"again")
    assert (tmp_path / "other").read_bytes() == b"made" and names(tmp_path) == ["key", "other"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


# -- JSON ------------------------------------------------------------------------------------------------


def json_refusal(text, depth=20, digits=20, **options) -> JsonRefused:
    with pytest.raises(JsonRefused) as refused:
        parse_json(text, depth, digits, **options)
    return refused.value


@pytest.mark.parametrize(
    "text, kind, said",
    [
        ("", "empty", "is empty"),
        (" \n", "empty", "is empty"),
        (
            "{oops",
            "syntax",
            "is not readable JSON: Expecting property name enclosed in double quotes at line 1, column 2",
        ),
        ('{"a": True}', "syntax", "true, false and null in small letters"),
        ('{"deck": 32, "deck": 24}', "twice", "has the field 'deck' twice in one object; write each field once"),
        (
            "[" * 21 + "]" * 21,
            "deep",
            "is nested too deeply for JSON these lessons can read: lists or objects inside "
            "each other more than 20 levels deep",
        ),
        ("[" * 100_000 + "]" * 100_000, "deep", "nested too deeply"),
        ("1" + "0" * 20, "number", "holds a number 21 digits long, more than JSON these lessons can read (at most 20)"),
        ("-" + "7" * 5000, "number", "a number 5,000 digits long"),
        ("NaN", "constant", "holds NaN, which is not a number JSON allows"),
        ("[-Infinity]", "constant", "holds -Infinity"),
        ("1e999", "constant", "holds the number 1e999, too large to read: it would be infinity"),
    ],
)
def test_json_that_cannot_be_trusted_is_refused_in_words(text, kind, said):
    refused = json_refusal(text)
    assert refused.kind == kind and said in str(refused), str(refused)
    assert refused.part == ("'deck'" if kind == "twice" else "record")


def test_json_at_the_limits_is_read():
    assert parse_json("[" * 20 + "]" * 20, 20, 20) is not None
    assert parse_json('{"a": [1' + "0" * 19 + ', -2.5, "x", null]}', 20, 20) == {"a": [10**19, -2.5, "x", None]}
    assert parse_json('{"a": {"a": 1}}', 2, 1) == {"a": {"a": 1}}  # one name in two objects is no repeat


def test_nan_and_infinity_are_read_where_a_reader_asks_for_them():
    value = parse_json("[NaN, Infinity, 1e999]", 2, 10, allow_nan=True)
    assert value[0] != value[0] and value[1:] == [float("inf")] * 2


# -- one excerpt ------------------------------------------------------------------------------------------


def test_one_excerpt_counts_the_characters_of_the_text_itself():
    """engine/errors.py said "(150 characters)" where engine/rules.py said "(152 characters)" for one text."""
    text = "x" * 150
    assert rules.excerpt is errors.excerpt
    assert errors.excerpt(text).endswith("(150 characters)") and errors.excerpt(text, show=str).endswith(
        "(150 characters)"
    )
    assert errors.excerpt("y" * 250, 300) == repr("y" * 250)
    assert errors.excerpt(10**5000, show=str) == "a whole number of about 5,001 digits"
    assert errors.excerpt([1] * 10, show=str) == str([1] * 10)


def test_the_file_kinds_are_one_table():
    assert files.kind_of(stat.S_IFDIR) == "a folder" and files.kind_of(stat.S_IFLNK) == "a link"
    assert files.kind_of(stat.S_IFSOCK) == "a socket" and files.kind_of(0) == "something other than a file"


def test_the_key_of_saved_games_and_progress_share_one_data_folder(tmp_path, monkeypatch):
    """seal.py and progress.py each had their own way to the Jupyter data folder, and only one read JUPYTER_DATA_DIR."""
    import sys

    from euchre_lesson.play import seal
    from euchre_lesson.teach import progress

    monkeypatch.delenv(seal.KEY_SETTING, raising=False)
    monkeypatch.setitem(sys.modules, "jupyter_core.paths", None)  # no jupyter_core: its import fails
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data" / "jupyter"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    assert (
        seal.key_folder()
        == progress.default_folder()
        == files.data_folder()
        == tmp_path / "data" / "jupyter" / "euchre_lesson"
    )


def test_a_new_file_is_made_where_os_has_no_hard_links(tmp_path, monkeypatch):
    """Pyodide's os has no link(): the table's first Save there (its seal's key) raised AttributeError."""
    from euchre_lesson.engine.files import write_new

    monkeypatch.delattr(os, "link")
    assert write_new(tmp_path / "key", "secret\n", private=True) is True
    assert (tmp_path / "key").read_text() == "secret\n" and (tmp_path / "key").stat().st_mode & 0o777 == 0o600
    assert write_new(tmp_path / "key", "another\n") is False and (tmp_path / "key").read_text() == "secret\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["key"], "nothing else is left beside it"


# -- several files, and a whole folder, replaced in one place (issue 34, point 7) ---------------------------------


def test_several_files_are_all_replaced_or_none_and_a_link_is_replaced_not_written_through(tmp_path):
    (tmp_path / "a.txt").write_text("old a")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("private")
    (tmp_path / "b.txt").symlink_to(elsewhere)
    files.replace_files(tmp_path, {"a.txt": b"new a", "b.txt": b"new b"})
    assert (tmp_path / "a.txt").read_text() == "new a" and not (tmp_path / "b.txt").is_symlink()
    assert (tmp_path / "b.txt").read_text() == "new b" and elsewhere.read_text() == "private"
    with pytest.raises(FileNotFoundError):  # the second cannot be staged: the first is not put in place either
        files.replace_files(tmp_path, {"a.txt": b"newer a", "no folder/c.txt": b"c"})
    assert (tmp_path / "a.txt").read_text() == "new a"
    assert names(tmp_path) == ["a.txt", "b.txt", "elsewhere.txt"], "no staged file left behind"


def test_a_folder_is_replaced_whole_or_left_as_it_was(tmp_path, monkeypatch):
    target = tmp_path / "app-folder"
    files.replace_folder(target, {"app/a.txt": b"one", "b.txt": b"two"})
    assert (target / "app" / "a.txt").read_bytes() == b"one" and names(target) == ["app", "b.txt"]
    files.replace_folder(target, {"c.txt": b"three"})
    assert names(target) == ["c.txt"], "a rewrite holds the new files and nothing else"

    def failing(handle):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing)
    with pytest.raises(OSError, match="Input/output"):
        files.replace_folder(target, {"d.txt": b"four"})
    assert names(target) == ["c.txt"] and names(tmp_path) == ["app-folder"], "nothing else left behind"


def test_the_teacher_s_tools_replace_files_through_the_files_module_only():
    """student_copies, handout and sheets each renamed and synced files beside engine/files.py."""
    import ast
    import inspect

    from euchre_lesson.teach import handout, sheets, student_copies

    for module in (student_copies, handout, sheets):
        calls = {
            ast.unparse(node.func)
            for node in ast.walk(ast.parse(inspect.getsource(module)))
            if isinstance(node, ast.Call)
        }
        assert not calls & {
            "os.replace",
            "os.rename",
            "os.fsync",
            "staged",
            "tempfile.mkdtemp",
            "shutil.rmtree",
            "write_new",
        }, module.__name__
