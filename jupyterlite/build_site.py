"""The lessons as a static JupyterLite site with the Pyodide kernel: Python runs in the browser.

    python jupyterlite/build_site.py download   # once, online: the pinned runtime and wheels into the cache
    python jupyterlite/build_site.py build      # offline: site/ from the repo as it is now, the answers out
    python jupyterlite/build_site.py build --answers   # the teacher's version: the lessons as they are, the guide
    python jupyterlite/build_site.py serve      # site/ on http://127.0.0.1:8000/ (Ctrl-C stops it)

`make site` runs the first two in the build venv (.venv/site-build, jupyterlite/build-requirements.txt).
Everything that goes into the browser is pinned with its hash in jupyterlite/pins.toml: the npm package
`pyodide` (the runtime) and pure-Python wheels from PyPI. The build makes the package a pure-Python wheel
(no compiled solver: it falls back to its Python search) and writes Pyodide's lock for exactly the wheels
the site carries, so `import euchre_lesson` loads everything it needs with no `%pip`. The build starts
clean every time (a stale .jupyterlite.doit.db once dropped a setting) and replaces site/ only when done.
Only the standard library is imported at the top: the browser tests import SiteServer from here.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import email.parser
import functools
import hashlib
import http.server
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "jupyterlite"
PINS = HERE / "pins.toml"
CACHE = ROOT / ".venv" / "site-cache"
SITE = ROOT / "site"
LESSONS = ROOT / "notebooks"
# The project's own extension (lessons as pages, rule links that land on the rule): a prebuilt one, copied as is.
LESSON_PAGES = HERE / "lesson-pages"
# The site in the learner's language: JupyterLab's own words from the language packs installed in the build venv.
LESSON_LANGUAGE = HERE / "lesson-language"
LANGUAGE_KEY = "euchre-lesson-language"  # where the browser keeps the learner's language (lesson-language keeps it too)
# The lesson page's frame: its title and opening text drawn at once, before JupyterLab (lesson-frame.html).
LESSON_FRAME = HERE / "lesson-frame.html"
# Cells a lesson page leaves out (the lesson pages extension leaves out the same).
HIDDEN_TAGS = frozenset({"solution", "jupyterlab-only"})
# The Notebook app's settings (its overrides.json): the header with the lesson's title stays on a phone too.
NOTEBOOK_APP_SETTINGS = {"@jupyter-notebook/application-extension:top": {"visible": "yes"}}
# The framework's own marks a lesson page does without: its logos, the file name as the title, and as the tab's name.
DISABLED_PLUGINS = (
    "@jupyter-notebook/application-extension:logo",
    "@jupyter-notebook/application-extension:title",
    "@jupyter-notebook/application-extension:tab-title",
    "@jupyterlite/notebook-application-extension:logo",
    "@jupyterlab/application-extension:logo",
    "@jupyterlite/application-extension:logo",
)
# What a lesson page (the Notebook app) does without, and so never loads: a console, a file editor, code help that
# reads the code (language servers), a table of contents, the help menu's pages, the log, cell tags and toolbars,
# and renderers no lesson's output uses (diagrams, charts, JSON, audio, video). Each plugin that needs one of them is
# named too (they would fail to start). And JupyterLab's keys, right-click menu and menu bar: a learner who clicks the
# text and presses d twice deleted a paragraph, Enter showed its markdown, and right-click offered "Delete Cell" and
# "Restart Kernel"; without them a key does what it does on any page, and right-click gives the browser's own menu.
# JupyterLab, the code view, keeps them all. Tab completion and tooltips stay.
LESSON_PAGE_DISABLED = (
    "@jupyterlab/console-extension",
    "@jupyter-notebook/console-extension",
    "@jupyterlab/fileeditor-extension",
    "@jupyterlab/tooltip-extension:consoles",
    "@jupyterlab/tooltip-extension:files",
    "@jupyterlab/lsp-extension",
    "@jupyterlite/application-extension:lsp-connection-manager",
    "@jupyterlab/notebook-extension:language-server",
    "@jupyterlab/toc-extension",
    "@jupyterlab/notebook-extension:toc",
    "@jupyterlab/help-extension",
    "@jupyter-notebook/help-extension",
    "@jupyterlab/logconsole-extension",
    "@jupyterlab/celltags-extension",
    "@jupyterlab/cell-toolbar-extension",
    "@jupyterlab/metadataform-extension",
    "@jupyterlab/notebook-extension:update-raw-mimetype",
    "@jupyterlab/mermaid-extension",
    "@jupyterlab/vega5-extension",
    "@jupyterlab/json-extension",
    "@jupyterlab/json-lines-extension",
    "@jupyterlab/audio-extension",
    "@jupyterlab/video-extension",
    "@jupyterlab/shortcuts-extension",
    "@jupyterlab/application-extension:context-menu",
    "@jupyterlab/mainmenu-extension",
    "@jupyter-notebook/application-extension:menus",
    "@jupyter-notebook/notebook-extension:close-tab",
)
# The Notebook app shows a lesson as a page; tree lists files; JupyterLab is the code view, one link away.
APPS = ("notebooks", "tree", "lab")
CONTENTS_PAGE_GLOB = "*_contents.ipynb"  # a later change may renumber the lessons
MARK = ".euchre-site"  # in every site built here: only such a folder is replaced by a rebuild
PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# The runtime files the kernel loads (the npm package also holds type stubs, consoles and source maps).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
# What the kernel loads at start (its worker's list, plus micropip and piplite): preloaded in one batch.
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
PACKAGE = "euchre-lesson"
# Packages with a half in the page (a lab extension, installed in the build venv) and a half in the kernel (a
# pinned wheel): the two halves must be the same version, or the page refuses the kernel's widgets.
PAGE_HALVES = {"jupyterlab_widgets": "the page's widget manager", "anywidget": "the page's anywidget extension"}
# The lab extensions every page needs: the widget manager, anywidget's (the table view) and the lesson pages.
PAGE_EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
    "euchre-lesson-pages",
    "euchre-lesson-language",
)
# The interface's languages besides English, from JupyterLab's language packs (build-requirements.txt): the site
# opens in the browser's language where it has it (lesson-language/), and a build without them is refused.
INTERFACE_LANGUAGES = ("fr_FR", "et_EE")
BUILD_TOOLS = "jupyterlite/build-requirements.txt"
# Python's snapshot, made at build time and restored by the kernel's worker (quick-start/README.md).
QUICK_START = HERE / "quick-start"
LOADER = "quick-start.mjs"  # the kernel's loadPyodide, restoring the snapshot
SNAPSHOT_FILES = ("python-memory.gz", "python-files.gz")
HEAD_START = "head-start.mjs"
QUICK_START_FILES = (LOADER, *SNAPSHOT_FILES, HEAD_START)
QUICK_START_URL = f"./static/pyodide/{LOADER}"
# The kernel's own worker, which head-start.mjs imports and a lesson page starts with itself (lesson-frame.html).
KERNEL_WORKERS = "extensions/@jupyterlite/pyodide-kernel-extension/static"
KERNEL_WORKER_GLOB = "comlink.worker.*.js"
# The package's modules that need a server (Solara, Jupyter Server) and never run in the browser: not imported.
SERVER_MODULES = ("euchre_lesson.classroom", "euchre_lesson.server_extension", "euchre_lesson.pages")
# Text outputs stored as lists of lines show stray commas in JupyterLite (its issue #1105): joined.
JSON_MIME_SUFFIX = "json"
SERVED_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".whl": "application/octet-stream",
    ".ipynb": "application/json",
    ".md": "text/markdown; charset=utf-8",
}


class BuildError(Exception):
    """The site cannot be built as asked; the message says what to do."""


class Pins(NamedTuple):
    pyodide_version: str
    pyodide_integrity: str  # npm's "sha512-<base64>"
    kernel: dict[str, str]  # wheel file name -> sha256
    pypi: dict[str, str]  # "name==version" -> sha256


def read_pins(path: Path = PINS) -> Pins:
    import tomllib  # Python 3.11: only the build needs it, so `serve` runs on an older Python too

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Pins(data["pyodide"]["version"], data["pyodide"]["integrity"], data["kernel"], data["pypi"])


# -- the cache: the one-time download ---------------------------------------------------------------------


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_integrity_of(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def runtime_tarball(pins: Pins, cache: Path) -> Path:
    return cache / "npm" / f"pyodide-{pins.pyodide_version}.tgz"


def cached_wheels(pins: Pins, cache: Path) -> dict[str, Path]:
    """The cached wheel for each PyPI pin (present or not), by "name==version"."""
    folder = cache / "wheels"
    found = {}
    for pin in pins.pypi:
        name, version = pin.split("==")
        stem = f"{name.replace('-', '_')}-{version}-".lower()
        matches = [p for p in folder.glob("*.whl") if p.name.lower().startswith(stem)] if folder.is_dir() else []
        found[pin] = matches[0] if matches else folder / f"{stem}MISSING.whl"
    return found


def cache_problems(pins: Pins, cache: Path) -> list[str]:
    """What is missing or wrong in the cache (an empty list: the build can run offline)."""
    problems = []
    tarball = runtime_tarball(pins, cache)
    if not tarball.is_file():
        problems.append(f"{tarball.name} is not in the cache")
    elif npm_integrity_of(tarball) != pins.pyodide_integrity:
        problems.append(f"{tarball} does not match its pinned integrity")
    for pin, path in cached_wheels(pins, cache).items():
        if not path.is_file():
            problems.append(f"no wheel for {pin} in the cache")
        elif sha256_of(path) != pins.pypi[pin]:
            problems.append(f"{path.name} does not match its pinned sha256")
    return problems


def download(pins: Pins, cache: Path) -> None:
    """Fetch what the cache lacks: the runtime from the npm registry, the wheels from PyPI, hashes checked."""
    if not cache_problems(pins, cache):
        print(f"the cache is complete: {cache}")
        return
    tarball = runtime_tarball(pins, cache)
    if not tarball.is_file() or npm_integrity_of(tarball) != pins.pyodide_integrity:
        tarball.parent.mkdir(parents=True, exist_ok=True)
        tarball.unlink(missing_ok=True)
        run(
            ["npm", "pack", f"pyodide@{pins.pyodide_version}", "--pack-destination", str(tarball.parent), "--silent"],
            cwd=tarball.parent,
            stdout=subprocess.DEVNULL,
        )
    download_wheels(pins, cache)
    problems = cache_problems(pins, cache)
    if problems:
        raise BuildError("the download did not give the pinned files: " + "; ".join(problems))
    print(f"downloaded into {cache}")


def download_wheels(pins: Pins, cache: Path) -> None:
    """The PyPI pins into cache/wheels; a damaged wheel already there is fetched again."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    for pin, path in cached_wheels(pins, cache).items():
        if path.is_file() and sha256_of(path) != pins.pypi[pin]:
            path.unlink()
    with tempfile.TemporaryDirectory() as scratch:
        requirements = Path(scratch) / "requirements.txt"
        requirements.write_text("".join(f"{pin} --hash=sha256:{digest}\n" for pin, digest in pins.pypi.items()))
        # --isolated: PyPI only (no index or find-links from this machine's pip configuration);
        # --require-hashes: pip refuses any file whose sha256 is not the pinned one.
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "--isolated",
                "--disable-pip-version-check",
                "download",
                "--quiet",
                "--no-deps",
                "--require-hashes",
                "--only-binary=:all:",
                "--platform",
                "any",
                "--implementation",
                "py",
                "--abi",
                "none",
                "--python-version",
                PYODIDE_PYTHON_VERSION,
                "-d",
                str(cache / "wheels"),
                "-r",
                str(requirements),
            ]
        )


def run(command: list[str], quiet: bool = False, **kwargs: Any) -> None:
    """Run a step; a quiet one shows its output only if it fails."""
    quietly: dict[str, Any] = {"capture_output": True, "text": True} if quiet else {}
    done = subprocess.run(command, **kwargs, **quietly)
    if done.returncode:
        shown = f":\n{(done.stdout + done.stderr)[-4000:]}" if quiet else ""
        raise BuildError(f"{' '.join(command[:4])} ... failed with exit code {done.returncode}{shown}")


# -- wheels and Pyodide's lock ----------------------------------------------------------------------------


class Wheel(NamedTuple):
    path: Path
    key: str  # the canonical name: the lock's key
    name: str
    version: str
    requires: tuple[str, ...]  # Requires-Dist lines
    requires_python: str
    imports: tuple[str, ...]  # top-level modules: what makes `import x` load the wheel


def canonical(name: str) -> str:
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(name))


def read_wheel(path: Path) -> Wheel:
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        metadata = email.parser.Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        top_level = f"{info}/top_level.txt"
        listed = archive.read(top_level).decode().split() if top_level in names else top_modules(names)
    return Wheel(
        path,
        canonical(metadata["Name"]),
        metadata["Name"],
        metadata["Version"],
        tuple(metadata.get_all("Requires-Dist") or ()),
        metadata.get("Requires-Python") or "",
        tuple(sorted(set(listed))),
    )


def top_modules(names: list[str]) -> list[str]:
    """The importable top-level names of a wheel without top_level.txt: packages and single modules."""
    out = []
    for name in names:
        first = name.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        out.append(first.removesuffix(".py") if "/" not in name else first)
    return [n for n in out if n.isidentifier()]


def pyodide_environment(python: str) -> dict[str, str]:
    """The marker environment of Pyodide's Python (PEP 508), to decide which requirements apply there."""
    return {
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "os_name": "posix",
        "platform_machine": "wasm32",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "implementation_version": python,
        "platform_release": "",
        "platform_version": "",
        "extra": "",
    }


def depends(wheel: Wheel, carried: dict[str, Wheel], python: str) -> list[str]:
    """The lock keys a wheel needs in the browser; a need the site cannot meet stops the build."""
    from packaging.requirements import Requirement
    from packaging.specifiers import SpecifierSet

    if wheel.requires_python and not SpecifierSet(wheel.requires_python).contains(python):
        raise BuildError(f"{wheel.path.name} requires Python {wheel.requires_python}; Pyodide has {python}")
    needs = set()
    for line in wheel.requires:
        requirement = Requirement(line)
        if requirement.marker and not requirement.marker.evaluate(pyodide_environment(python)):
            continue
        have = carried.get(canonical(requirement.name))
        if have is None or not requirement.specifier.contains(have.version, prereleases=True):
            found = f"the site carries {have.version}" if have else "the site does not carry it"
            raise BuildError(
                f"{wheel.name} {wheel.version} needs {requirement} in the browser, but {found}: "
                f"pin it in {PINS.relative_to(ROOT)}"
            )
        needs.add(have.key)
    return sorted(needs)


def lock_entry(wheel: Wheel, needs: list[str]) -> dict:
    """One package of Pyodide's lock, in the fields of the lock the runtime ships."""
    return {
        "name": wheel.name,
        "version": wheel.version,
        "file_name": wheel.path.name,
        "install_dir": "site",
        "sha256": sha256_of(wheel.path),
        "package_type": "package",
        "imports": list(wheel.imports),
        "depends": needs,
        "unvendored_tests": False,
    }


def site_lock(shipped: dict, wheels: list[Wheel]) -> dict:
    """Pyodide's lock rewritten for the wheels the site carries: their real hashes, explicit depends.

    The runtime's own entries are all dropped (their files are not in the npm package); every wheel
    must be reachable from the kernel's packages or the package, so no pin is carried for nothing.
    """
    python = shipped["info"]["python"]
    carried = {wheel.key: wheel for wheel in wheels}
    entries = {wheel.key: lock_entry(wheel, depends(wheel, carried, python)) for wheel in wheels}
    reached = reachable(entries, [*map(canonical, KERNEL_PACKAGES), PACKAGE])
    unused = sorted(set(entries) - reached)
    if unused:
        raise BuildError(f"nothing in the browser needs {', '.join(unused)}: take it out of {PINS.name}")
    return {"info": shipped["info"], "packages": dict(sorted(entries.items()))}


def reachable(entries: dict[str, dict], roots: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        key = todo.pop()
        if key not in seen:
            if key not in entries:
                raise BuildError(f"the site has no wheel for {key}")
            seen.add(key)
            todo.extend(entries[key]["depends"])
    return seen


# -- the package as a pure-Python wheel ------------------------------------------------------------------


def package_wheel(out: Path) -> Path:
    """Build euchre_lesson from a copy of its sources without setup.py, so without the compiled core."""
    source = out / "package-source"
    shutil.copytree(
        ROOT / "euchre_lesson",
        source / "euchre_lesson",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd", "*.c", ".*"),
    )
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "jupyter-config", source / "jupyter-config")  # data files pyproject.toml names
    # A fixed date in the wheel's files: the same sources give the same wheel, and the same lock.
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-w",
            str(out / "wheels"),
            str(source),
        ],
        cwd=out,
        env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"},
    )
    wheel = next((out / "wheels").glob("euchre_lesson-*.whl"))
    compiled = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith((".so", ".pyd", ".c"))]
    if not wheel.name.endswith("-py3-none-any.whl") or compiled:
        raise BuildError(f"{wheel.name} is not a pure-Python wheel ({compiled})")
    return wheel


def kernel_wheels(pins: Pins) -> list[Path]:
    """The kernel's own wheels from the installed jupyterlite-pyodide-kernel, hashes checked."""
    folder = Path(sys.prefix) / "share/jupyter/labextensions" / PLUGIN.split(":")[0] / "static/pypi"
    out = []
    for name, digest in pins.kernel.items():
        path = folder / name
        if not path.is_file() or sha256_of(path) != digest:
            raise BuildError(
                f"{path} is missing or not the pinned file: is jupyterlite-pyodide-kernel the version of {BUILD_TOOLS}?"
            )
        out.append(path)
    return out


def check_versions_fit(pins: Pins) -> None:
    """The kernel's Pyodide is the pinned runtime; each lab extension of the page is its package's kernel half."""
    from importlib.metadata import version

    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    if pins.pyodide_version != PYODIDE_VERSION:
        raise BuildError(
            f"jupyterlite-pyodide-kernel is made for Pyodide {PYODIDE_VERSION}, "
            f"{PINS.name} pins {pins.pyodide_version}: change them together"
        )
    for package, role in PAGE_HALVES.items():
        extension = version(package)
        kernel = [p for p in pins.pypi if p.startswith(f"{canonical(package)}==")]
        if kernel != [f"{canonical(package)}=={extension}"]:
            raise BuildError(
                f"the build's {package} {extension} ({role}) and {PINS.name}'s "
                f"{kernel} (the kernel's) must be the same version"
            )


def runtime(pins: Pins, cache: Path, wheels: list[Path], into: Path) -> None:
    """static/pyodide/ of the site: the runtime from npm, every wheel, and the rewritten lock."""
    into.mkdir(parents=True)
    with tarfile.open(runtime_tarball(pins, cache)) as archive:
        for name in RUNTIME_FILES + ("pyodide-lock.json",):
            source = archive.extractfile(f"package/{name}")
            if source is None:
                raise BuildError(f"the npm package pyodide {pins.pyodide_version} has no file {name}")
            (into / name).write_bytes(source.read())
    for wheel in wheels:
        shutil.copy2(wheel, into / wheel.name)
    shipped = json.loads((into / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock = site_lock(shipped, [read_wheel(into / wheel.name) for wheel in wheels])
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")


# -- the contents: lessons, rule book, the app's table ---------------------------------------------------


def joined_outputs(notebook: dict) -> dict:
    """The notebook with each stored text output as one string (JupyterLite issue #1105)."""

    def join(value, mime: str = ""):
        return "".join(value) if isinstance(value, list) and not mime.endswith(JSON_MIME_SUFFIX) else value

    def output(out: dict) -> dict:
        joined = {**out, **({"text": join(out["text"])} if "text" in out else {})}
        if "data" in out:
            joined["data"] = {mime: join(value, mime) for mime, value in out["data"].items()}
        return joined

    cells = [
        {**cell, "outputs": [output(o) for o in cell["outputs"]]} if "outputs" in cell else cell
        for cell in notebook["cells"]
    ]
    return {**notebook, "cells": cells}


def contents_page() -> str:
    """The path in the site of the lessons' contents page (found by name: lessons may be renumbered)."""
    pages = sorted(LESSONS.glob(CONTENTS_PAGE_GLOB))
    if len(pages) != 1:
        raise BuildError(f"expected one {CONTENTS_PAGE_GLOB} in {LESSONS.name}/, found {[p.name for p in pages]}")
    return pages[0].relative_to(ROOT).as_posix()


def package(module: str):
    """A module of the project's package from this checkout (the build venv does not install the package)."""
    if str(HERE.parent) not in sys.path:
        sys.path.insert(0, str(HERE.parent))
    return importlib.import_module(f"euchre_lesson.{module}")


def content_files(answers: bool = False, root: Path | None = None) -> dict[str, bytes]:
    """What the site holds, by its path: the hand-out (student copies, the rule book, the app's table) and nothing
    else, never through a link; with `answers`, the lessons as they are and the teacher's guide."""
    module = package("teach.handout")
    try:
        return module.site_files(root or ROOT, answers)
    except module.ToolRefused as refused:
        raise BuildError(str(refused)) from None


def copy_contents(into: Path, answers: bool = False, root: Path | None = None) -> None:
    for name, data in content_files(answers, root).items():
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".ipynb"):
            notebook = joined_outputs(json.loads(data))
            target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        else:
            target.write_bytes(data)


# -- the build --------------------------------------------------------------------------------------------


def lite_config(stage: Path) -> dict:
    """jupyter-lite.json: the Pyodide kernel from this site only, never PyPI."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Euchre lessons",
            # window.jupyterapp: the browser tests and bench/site.py read the kernel's status from it.
            "exposeAppInBrowser": True,
            "disabledExtensions": list(DISABLED_PLUGINS),
            "litePluginSettings": {
                PLUGIN: {
                    "disablePyPIFallback": True,
                    # The package (and with it all it needs) loads while Python starts, not at a lesson's first import.
                    "loadPyodideOptions": {"packages": [*KERNEL_PACKAGES, PACKAGE]},
                }
            },
        },
    }


def browser_modules(files: list[str]) -> list[str]:
    """Every module of the package (its files, as a wheel lists them) that runs in the browser, parents first."""
    names = []
    for name in sorted(files):
        parts = name.removesuffix(".py").split("/")
        if name.endswith(".py") and parts[-1] != "__main__":
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            if not module.startswith(SERVER_MODULES):
                names.append(module)
    return sorted(names, key=lambda module: (module.count("."), module))


def quick_start(pyodide: Path) -> None:
    """Python's snapshot in static/pyodide/, made by Node.js: the kernel and the package imported, saved."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            "the site's Python snapshot is made with Node.js, which is not on this machine: install "
            "it (on macOS brew install node; on Debian apt-get install nodejs) and build again"
        )
    wheel = next(pyodide.glob("euchre_lesson-*.whl"))
    run(
        [
            node,
            str(QUICK_START / "snapshot.mjs"),
            str(pyodide),
            json.dumps([*KERNEL_PACKAGES, PACKAGE]),
            json.dumps(browser_modules(zipfile.ZipFile(wheel).namelist())),
        ]
    )
    # The snapshot's own name: a copy of it kept in a browser by another build is never restored (quick-start.mjs).
    snapshot = hashlib.sha256(b"".join(sha256_of(pyodide / name).encode() for name in SNAPSHOT_FILES))
    loader = (QUICK_START / LOADER).read_text(encoding="utf-8")
    (pyodide / LOADER).write_text(loader.replace("SNAPSHOT_HASH", snapshot.hexdigest()[:16]), "utf-8")


def head_start(site: Path) -> dict[str, str]:
    """head-start.mjs, importing the kernel's worker of this build; the paths a lesson page starts it by."""
    workers = sorted((site / KERNEL_WORKERS).glob(KERNEL_WORKER_GLOB))
    if len(workers) != 1:
        raise BuildError(f"expected one kernel worker {KERNEL_WORKER_GLOB} in {KERNEL_WORKERS}, found {len(workers)}")
    worker = (QUICK_START / HEAD_START).read_text(encoding="utf-8")
    (site / "static" / "pyodide" / HEAD_START).write_text(
        worker.replace("KERNEL_WORKER", f"../../{KERNEL_WORKERS}/{workers[0].name}"), encoding="utf-8"
    )
    # As the Notebook app's page (notebooks/index.html) reaches them.
    return {"worker": f"../static/pyodide/{HEAD_START}", "kernel": f"../{KERNEL_WORKERS}/{workers[0].name}"}


def start_from_snapshot(config: Path) -> None:
    """The kernel's worker loads Python through quick-start.mjs (the build's kernel add-on names Pyodide's own)."""
    settings = json.loads(config.read_text(encoding="utf-8"))
    settings["jupyter-config-data"]["litePluginSettings"][PLUGIN]["pyodideUrl"] = QUICK_START_URL
    config.write_text(json.dumps(settings, indent=2), encoding="utf-8")


def source_of(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def lesson_title(notebook: dict, path: str) -> str:
    """A lesson's title from its first heading: "# 1 · The cards and the bowers" gives "Lesson 1 · The cards ...",
    in the lesson's language (a translated lesson's folder, notebooks/fr, says which: the package's catalog)."""
    for cell in notebook["cells"]:
        heading = re.search(r"^#{1,6}\s+(.+)$", source_of(cell), re.M) if cell["cell_type"] == "markdown" else None
        if heading:
            title = re.sub(r"[*_`]", "", heading[1]).strip()
            numbered = re.match(r"(\d+) · (.+)", title)
            if not numbered:
                return title
            words = said_in(Path(path).parent.name, "Lesson {number} · {title}")
            return words.format(number=numbered[1], title=numbered[2])
    return Path(path).stem


def said_in(folder: str, message: str) -> str:
    """`message` from the package's catalog in the language of a lessons' folder ('fr'); as written for English."""
    import gettext

    return gettext.translation(
        "euchre_lesson", localedir=ROOT / "euchre_lesson" / "locale", languages=[folder], fallback=True
    ).gettext(message)


def opening_text(notebook: dict) -> str:
    """A lesson's opening prose as HTML: the markdown cells its page shows before its first code cell."""
    import mistune

    parts = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            break
        if cell["cell_type"] == "markdown" and not HIDDEN_TAGS & set(cell.get("metadata", {}).get("tags", [])):
            parts.append(source_of(cell))
    return str(mistune.html("\n\n".join(parts)))


def script_json(data: object) -> str:
    """`data` as JSON to put in a <script> element, where nothing may read as its end tag."""
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")


def lesson_frame(page: str, content: Path, start: dict[str, str]) -> str:
    """The Notebook app's page with the lesson frame at the top of its body: every lesson's title and opening text,
    and `start`, the paths of Python's head start (head_start)."""
    pages, lessons = package("pages"), {}
    for path in sorted([*content.glob(f"{LESSONS.name}/*.ipynb"), *content.glob(f"{LESSONS.name}/*/*.ipynb")]):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        name = path.relative_to(content).as_posix()
        words = pages.page_words(pages.lesson_language(name))  # "Python is starting…" and the rest
        lessons[name] = {"title": lesson_title(notebook, name), "text": opening_text(notebook), "words": words}
    english = pages.page_words("en")  # for a notebook under notebooks/ that the build did not know
    frame = LESSON_FRAME.read_text(encoding="utf-8")
    frame = frame.replace("LESSONS_JSON", script_json(lessons)).replace("PAGE_WORDS_JSON", script_json(english))
    frame = frame.replace("HEAD_START_JSON", script_json(start))
    body = re.search(r"<body[^>]*>", page)
    title = re.search(r"<title>[^<]*</title>", page)
    if not body or not title:
        raise BuildError("the Notebook app's page has no <title> or <body>: has JupyterLite changed it?")
    page = page[: body.end()] + "\n" + frame + page[body.end() :]
    return page.replace(title[0], "<title>Euchre lessons</title>", 1)


def language_fronts(content: Path) -> dict[str, str]:
    """Each language's contents page the site holds, by its code (notebooks/fr/14_contents.ipynb for fr)."""
    pages = sorted(content.glob(f"{LESSONS.name}/*/{CONTENTS_PAGE_GLOB}"))
    return {page.parent.name: page.relative_to(content).as_posix() for page in pages if page.parent.name.isalpha()}


def redirect_page(target: str, languages: dict[str, str] | None = None) -> str:
    """The site's front page: straight to the contents page, as a page of the Notebook app; to a language's own
    contents page where the site has it and the learner chose that language, or the browser asks for it first.

    It keeps the empty config script of JupyterLite's own front page: every page of the site reads it.
    """
    url = f"notebooks/index.html?path={target}"
    pages = json.dumps({code: f"notebooks/index.html?path={page}" for code, page in (languages or {}).items()})
    choose = (
        "<script>(function () {"
        f"const pages = {pages}; const kept = window.localStorage.getItem({json.dumps(LANGUAGE_KEY)});"
        "const asked = (navigator.languages || [navigator.language || '']).map(t => t.split('-')[0].toLowerCase());"
        "const code = kept === 'en' ? null : [kept, ...asked].find(c => c && pages[c]);"
        "if (code) window.location.replace(pages[code]);"
        "})();</script>\n"
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Euchre lessons</title>\n'
        f'<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>\n'
        f"{choose}"
        f'<meta http-equiv="refresh" content="0; url={url}"></head>\n'
        f'<body><p><a href="{url}">Open the Euchre lessons</a></p></body></html>\n'
    )


def hermetic_environment(stage: Path) -> dict[str, str]:
    """Jupyter's config and data paths inside the stage, so nothing of this machine's Jupyter leaks in."""
    jupyter = stage / ".jupyter"
    return {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(jupyter / "config"),
        "JUPYTER_DATA_DIR": str(jupyter / "data"),
        "JUPYTER_CONFIG_PATH": "",
        "JUPYTER_PATH": "",
        "JUPYTER_PLATFORM_DIRS": "1",
    }


def build(pins: Pins, cache: Path, site: Path, answers: bool = False) -> None:
    problems = cache_problems(pins, cache)
    if problems:
        raise BuildError(
            "the cache is incomplete (" + "; ".join(problems) + "): run "
            "`python jupyterlite/build_site.py download` once with the network (make site does)"
        )
    check_versions_fit(pins)
    front = contents_page()
    with tempfile.TemporaryDirectory(prefix="euchre-site-") as scratch:
        stage = Path(scratch) / "lite"
        wheels = [package_wheel(Path(scratch)), *kernel_wheels(pins), *cached_wheels(pins, cache).values()]
        runtime(pins, cache, wheels, stage / "static" / "pyodide")
        quick_start(stage / "static" / "pyodide")
        copy_contents(stage / "content", answers)
        shutil.copytree(LESSON_PAGES, stage / LESSON_PAGES.name)
        shutil.copytree(LESSON_LANGUAGE, stage / LESSON_LANGUAGE.name)
        (stage / "jupyter-lite.json").write_text(json.dumps(lite_config(stage), indent=2), encoding="utf-8")
        (stage / "notebooks").mkdir()
        (stage / "notebooks" / "overrides.json").write_text(json.dumps(NOTEBOOK_APP_SETTINGS, indent=2), "utf-8")
        notebook_app = {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"disabledExtensions": LESSON_PAGE_DISABLED},
        }
        (stage / "notebooks" / "jupyter-lite.json").write_text(json.dumps(notebook_app, indent=2), "utf-8")
        output = Path(scratch) / "site"
        run(
            [
                sys.executable,
                "-m",
                "jupyterlite_core",
                "build",
                "--lite-dir",
                str(stage),
                "--output-dir",
                str(output),
                "--contents",
                str(stage / "content"),
                *[f"--apps={app}" for app in APPS],
                f"--LiteBuildConfig.federated_extensions={LESSON_PAGES.name}",
                f"--LiteBuildConfig.federated_extensions={LESSON_LANGUAGE.name}",
                "--no-sourcemaps",
            ],
            quiet=True,
            cwd=stage,
            env=hermetic_environment(stage),
        )
        start_from_snapshot(output / "jupyter-lite.json")
        (output / "index.html").write_text(redirect_page(front, language_fronts(stage / "content")), encoding="utf-8")
        notebook_page = output / "notebooks" / "index.html"
        start = head_start(output)
        notebook_page.write_text(lesson_frame(notebook_page.read_text("utf-8"), stage / "content", start), "utf-8")
        check_site(output, front)
        (output / MARK).write_text("built by jupyterlite/build_site.py: a rebuild replaces this folder\n")
        replace_site(output, site)
    version = "the teacher's version, with the answers and the guide" if answers else "the students' version"
    print(f"built {site} ({size_mb(site):.1f} MB), {version}; it opens on {front}")


def replace_site(built: Path, site: Path) -> None:
    """Put the new site in place of the old one; never delete a folder this script did not build."""
    ours = site.is_dir() and (not any(site.iterdir()) or (site / MARK).is_file())
    if site.is_symlink() or site.exists() and not ours:
        raise BuildError(
            f"{site} exists and is not a site built here (no {MARK} in it): "
            f"give another --site folder, or move it away yourself"
        )
    if site.exists():
        shutil.rmtree(site)
    shutil.move(built, site)


def check_site(site: Path, front: str) -> None:
    """The built site has its settings, its front page and a lock whose every file is there and whole."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"][PLUGIN]
    if kernel.get("disablePyPIFallback") is not True or kernel.get("pyodideUrl") != QUICK_START_URL:
        raise BuildError(f"the site's kernel settings came out wrong: {kernel}")
    if not (site / "files" / front).is_file():
        raise BuildError(f"{front} is not in the site")
    languages = json.loads((site / "api" / "translations" / "all.json").read_text(encoding="utf-8"))["data"]
    missing_packs = [locale for locale in INTERFACE_LANGUAGES if locale not in languages]
    if missing_packs:
        raise BuildError(f"the site lacks JupyterLab's language packs {missing_packs}: install {BUILD_TOOLS}")
    extensions = {extension["name"] for extension in config.get("federated_extensions", [])}
    absent = [name for name in PAGE_EXTENSIONS if name not in extensions]
    if absent:
        raise BuildError(f"the site's pages lack the lab extensions {absent}: install {BUILD_TOOLS} in the build venv")
    pyodide = site / "static" / "pyodide"
    missing = [name for name in QUICK_START_FILES if not (pyodide / name).is_file()]
    if missing:
        raise BuildError(f"the site's quick start lacks {missing}")
    imported = re.search(r'^import "([^"]+)";', (pyodide / HEAD_START).read_text("utf-8"), re.M)
    if not imported or not (pyodide / imported[1]).resolve().is_file():
        raise BuildError(f"the head start imports no kernel worker of this site ({imported and imported[1]})")
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        path = pyodide / entry["file_name"]
        if not path.is_file() or sha256_of(path) != entry["sha256"]:
            raise BuildError(f"the lock's {entry['file_name']} is missing or does not match its hash")


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


# -- serving the site on this machine ---------------------------------------------------------------------


class SiteServer:
    """site/ served on 127.0.0.1 (a free port unless given), in a thread; a context manager."""

    def __init__(self, site: Path = SITE, port: int = 0, rate: float | None = None):
        """`rate`: bytes a second each connection is sent at most (a school's network, for bench/site.py)."""
        slow = {} if rate is None else {"rate": rate}
        handler = functools.partial(SlowHandler if slow else QuietHandler, directory=str(site), **slow)
        self.httpd = QuietServer(("127.0.0.1", port), handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        """The address that opens `path` (a file of the site's contents) in JupyterLab."""
        return f"{self.base}/lab/index.html?path={path}"

    def page(self, path: str) -> str:
        """The address that opens `path` as a page of the Notebook app (a lesson: ready, no code)."""
        return f"{self.base}/notebooks/index.html?path={path}"

    def __enter__(self) -> SiteServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser that closes a connection early (a page left mid-load) is no error worth a traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **SERVED_TYPES}

    def log_message(self, format, *args):  # noqa: A002 - the name the base class uses
        pass


class SlowHandler(QuietHandler):
    """Sends each file at `rate` bytes a second, in 64 KiB pieces."""

    def __init__(self, *args, rate: float, **kwargs):
        self.rate = rate  # before the base class's __init__, which answers the request
        super().__init__(*args, **kwargs)

    def copyfile(self, source, outputfile):
        while piece := source.read(64 * 1024):
            outputfile.write(piece)
            time.sleep(len(piece) / self.rate)


def serve(site: Path, port: int) -> None:
    if not (site / "index.html").is_file():
        raise BuildError(f"{site} holds no site: run `make site` first")
    with SiteServer(site, port) as server, contextlib.suppress(KeyboardInterrupt):
        print(f"serving {site} at {server.base}/ (Ctrl-C stops it)")
        server.thread.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["download", "build", "serve"])
    parser.add_argument("--cache", type=Path, default=CACHE, help="the download cache (default %(default)s)")
    parser.add_argument("--site", type=Path, default=SITE, help="the site folder (default %(default)s)")
    parser.add_argument("--port", type=int, default=8000, help="serve: the port on 127.0.0.1")
    parser.add_argument(
        "--answers",
        action="store_true",
        help="build: the teacher's version (the lessons as they are, the guide); never for students",
    )
    args = parser.parse_args(argv)
    try:
        if args.step == "serve":
            serve(args.site, args.port)
        else:
            pins = read_pins()
            download(pins, args.cache) if args.step == "download" else build(pins, args.cache, args.site, args.answers)
    except BuildError as error:
        print(f"build_site.py {args.step}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
