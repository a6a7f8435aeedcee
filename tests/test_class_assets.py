"""No request changes the class's server's files or leaves the machine: the page files are served read-only from
their folder, an unknown one is a 404, and the server looks up no name and opens no connection outside the laptop.

(Solara's CDN proxy, which the server used before, deleted a folder asked for as a file, 77 MB of page files at
one request, and fetched any missing path from the internet.)"""

from __future__ import annotations

import hashlib
import http.client
import os
from pathlib import Path

import pytest
from served_class import ClassProcess

pytestmark = pytest.mark.slow

CDN = "/_solara/cdn/"


def page_files(folder: Path) -> dict[str, str]:
    """A small folder of page files laid out as the CDN lays them, with a link leading out of it."""
    from euchre_lesson.classroom.web.assets import FIRST_FILE, wanted

    made = {}
    for package in wanted():
        first = folder / package / FIRST_FILE[package.rpartition("@")[0]]
        first.parent.mkdir(parents=True, exist_ok=True)
        first.write_text(f"// {package}\n", encoding="utf-8")
        (first.parent / "more").mkdir()
        (first.parent / "more" / "other.js").write_text("// another file\n", encoding="utf-8")
        made[package] = CDN + package + "/" + first.relative_to(folder / package).as_posix()
    secret = folder.parent / "secret.txt"
    secret.write_text("the teacher's own file\n", encoding="utf-8")
    (folder / "link-out").symlink_to(secret)
    return made


def fingerprint(folder: Path) -> dict[str, str]:
    """Every entry under `folder`: a file's bytes' hash, a folder, a link's target (links not followed)."""
    seen = {}
    for top, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(top) / name
            key = path.relative_to(folder).as_posix()
            if path.is_symlink():
                seen[key] = "link " + os.readlink(path)
            elif path.is_dir():
                seen[key] = "folder"
            else:
                seen[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return seen


def ask(port: int, method: str, path: str) -> tuple[int, bytes]:
    """The exact path, as written (no client tidies it), on a connection of its own."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        connection.endheaders()
        reply = connection.getresponse()
        return reply.status, reply.read()
    finally:
        connection.close()


def test_odd_asset_paths_change_no_file_reach_no_other_host_and_are_404(tmp_path):
    folder = tmp_path / "assets"
    files = page_files(folder)
    before = fingerprint(folder)
    package = next(iter(files))  # the first package kept, with its version
    first = files[package]
    odd = [
        first.rsplit("/", 1)[0],  # the folder of the first file: Solara's proxy deleted it
        first.rsplit("/", 1)[0] + "/",
        first.rsplit("/", 1)[0] + "/more",
        CDN + package,
        CDN + package + "/",
        CDN,
        CDN.rstrip("/"),
        CDN + "link-out",  # a link leading out of the folder
        CDN + "../secret.txt",
        CDN + "../../../../etc/passwd",
        CDN + "%2e%2e/secret.txt",
        CDN + "%2e%2e%2fsecret.txt",
        CDN + "..%2F..%2Fsecret.txt",
        CDN + package + "/%00.js",
        CDN + "requirejs/require.js",  # no version
        CDN + "requirejs@9.9.9/require.js",  # a version not kept
        CDN + "vue@2.6.14/dist/vue.min.js",  # a package not kept
        CDN + "@widgetti/solara-vuetify3-app@latest/dist/solara-vuetify-app8.min.js",
        CDN + "a" * 5000,
        CDN + "a/" * 2000 + "b.js",
        CDN + package + "/" + "%2e%2e/" * 50 + "etc/passwd",
    ]
    seen: dict[str, int] = {}
    with ClassProcess(tmp_path / "class", assets=folder) as server:
        for path in odd:
            for method in ("GET", "HEAD"):
                status, body = ask(server.port, method, path)
                seen[f"{method} {path[:80]}"] = status
                assert b"the teacher's own file" not in body
        for path in files.values():
            status, body = ask(server.port, "GET", path)
            assert status == 200 and body.startswith(b"// "), (path, status)
            for method in ("POST", "PUT", "DELETE"):
                assert ask(server.port, method, path)[0] in (404, 405), (method, path)
        asked_outside = server.asked_outside()
        printed = server.printed()
    assert {key: status for key, status in seen.items() if status != 404} == {}, printed[-3000:]
    assert fingerprint(folder) == before, "a request changed the page files"
    assert asked_outside == [], f"the server reached outside the laptop: {asked_outside}"
    assert "Traceback" not in printed, printed[-3000:]
