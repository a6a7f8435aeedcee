"""The class's server as a process of its own, for the tests of its wire, its files and its limits.

Started as `make classroom` starts it (python -m euchre_lesson.classroom) on a free loopback port, with a guard on
every socket any of its Python processes opens: a connection or a name looked up outside this machine is written
down in a file (and refused), so a test can say the server asked nothing of the network."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / ".venv" / "classroom-assets"
JOIN, TEACHER = "ACDE", "teacher-code-for-the-test"

# Loaded by every Python process of the server (a sitecustomize on its PYTHONPATH): it notes, then refuses, any
# connection to an address outside this machine and any look-up of a name that is not this machine's.
GUARD = """
import os, socket
_noted = os.environ["CLASS_OUTSIDE_LOG"]
_connect, _connect_ex, _lookup = socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo
_local = ("127.", "::1", "localhost", "0.0.0.0", "::")


def _outside(address):
    if not isinstance(address, tuple):  # a Unix socket's path: this machine
        return False
    return not str(address[0]).startswith(_local)


def _note(what):
    with open(_noted, "a", encoding="utf-8") as out:
        out.write(what + "\\n")


def connect(self, address):
    if _outside(address):
        _note(f"connect {address!r}")
        raise OSError(101, "the test's guard: no connection leaves this machine")
    return _connect(self, address)


def connect_ex(self, address):
    if _outside(address):
        _note(f"connect_ex {address!r}")
        return 101
    return _connect_ex(self, address)


def getaddrinfo(host, *args, **kwargs):
    if host is not None and not str(host).startswith(_local) and str(host) != socket.gethostname():
        _note(f"lookup {host!r}")
        raise socket.gaierror(-2, "the test's guard: no name is looked up outside this machine")
    return _lookup(host, *args, **kwargs)


socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo = connect, connect_ex, getaddrinfo
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "readyz", timeout=5) as reply:
            return reply.status == 200
    except OSError:
        return False


class ClassProcess:
    """python -m euchre_lesson.classroom on a free loopback port, its class kept in `folder`, behind the guard."""

    def __init__(self, folder: Path, *options: str, assets: Path = ASSETS):
        self.folder, self.options, self.assets = folder, options, assets
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.guard = folder.parent / f"{folder.name}-guard"
        self.outside = folder.parent / f"{folder.name}-outside.txt"
        self.log = folder.parent / f"{folder.name}-server.log"
        self.process: subprocess.Popen[str] | None = None

    def start(self, seconds: float = 90.0) -> ClassProcess:
        self.guard.mkdir(parents=True, exist_ok=True)
        (self.guard / "sitecustomize.py").write_text(GUARD, encoding="utf-8")
        self.outside.write_text("", encoding="utf-8")
        command = [
            sys.executable,
            "-m",
            "euchre_lesson.classroom",
            *("--host", "127.0.0.1", "--port", str(self.port), "--folder", str(self.folder)),
            *("--join-code", JOIN, "--teacher-code", TEACHER, "--assets", str(self.assets)),
            *self.options,
        ]
        environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(self.guard), str(ROOT)]),
            "CLASS_OUTSIDE_LOG": str(self.outside),
            "PYTHONUNBUFFERED": "1",
        }
        with open(self.log, "w", encoding="utf-8") as out:  # a file, never a pipe nobody reads
            self.process = subprocess.Popen(
                command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True, env=environment
            )
        deadline = time.monotonic() + seconds
        while "Ctrl-C stops" not in self.printed() or not answers(self.url):
            if self.process.poll() is not None:
                raise RuntimeError("the server stopped before serving:\n" + self.printed())
            if time.monotonic() > deadline:
                raise RuntimeError("the server never answered:\n" + self.printed())
            time.sleep(0.2)
        return self

    def printed(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def asked_outside(self) -> list[str]:
        """What the server's processes tried to reach outside this machine, one line each."""
        return self.outside.read_text(encoding="utf-8").splitlines()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)

    def __enter__(self) -> ClassProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
