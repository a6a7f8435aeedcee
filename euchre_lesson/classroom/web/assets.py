"""The front-end files Solara's pages load from a CDN, kept in a local folder so a class runs offline.

Solara's page asks its server for `/_solara/cdn/<npm package>@<version>/<file>`. The class's server answers from
the local folder alone, read-only (`page_files`): a file missing there is a 404, never fetched from the internet,
and no request changes the folder (Solara's own CDN proxy fetches what is missing and deletes a folder asked for as a
file). The packages are read from Solara's own page template (so a new Solara asks for its own versions) and packed
from npm once, by `make classroom-assets` or as the server first starts.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from .solara_door import page_template

CDN = "/_solara/cdn"  # where Solara's page template asks for its front-end files

# The page template's CDN packages; Font Awesome is left out, as the server turns its icons off (the pages use no
# icon: icons come from a CDN, which a school's network may not reach).
WANTED = re.compile(r"\{\{cdn\}\}/((?:@widgetti/solara-vuetify3-app|requirejs)@[0-9.]+)/")
# One file of each package that the page loads first: its presence says the package is in the folder.
FIRST_FILE = {"@widgetti/solara-vuetify3-app": "dist/solara-vuetify-app8.min.js", "requirejs": "require.js"}


def wanted() -> list[str]:
    """The npm packages, with versions, that Solara's page loads: ['@widgetti/solara-vuetify3-app@5.2.0', ...]."""
    return sorted(set(WANTED.findall(page_template().read_text(encoding="utf-8"))))


def first_file(folder: Path, package: str) -> Path:
    name = package.rpartition("@")[0]
    return folder / package / FIRST_FILE[name]


def missing(folder: str | os.PathLike[str]) -> list[str]:
    """The wanted packages not yet in `folder`."""
    return [package for package in wanted() if not first_file(Path(folder), package).is_file()]


def fetch(folder: str | os.PathLike[str]) -> list[str]:
    """Pack each missing package from npm into `folder` (as the CDN lays it out); the packages fetched."""
    folder = Path(folder)
    todo = missing(folder)
    if not todo:
        return todo
    npm = shutil.which("npm")  # its whole path: on Windows it is npm.cmd, which a bare "npm" would not start
    if npm is None:
        raise RuntimeError(
            "npm is needed once to fetch Solara's front-end files; install Node.js, which brings it "
            "(apt-get install npm on Debian or Ubuntu, brew install node on macOS, nodejs.org on Windows)."
        )
    for package in todo:
        with tempfile.TemporaryDirectory() as scratch:
            subprocess.run(
                [npm, "pack", "--silent", "--pack-destination", scratch, package], check=True, stdout=subprocess.DEVNULL
            )
            (packed,) = Path(scratch).glob("*.tgz")
            target = folder / package
            unpacked = Path(scratch) / "unpacked"
            with tarfile.open(packed) as archive:
                archive.extractall(unpacked, filter="data")  # npm's archives hold everything under package/
            if target.exists():
                shutil.rmtree(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(unpacked / "package", target)
    return todo


def page_files(folder: str | os.PathLike[str]) -> Any:
    """Starlette's route serving `folder` at CDN: its files only (no folder, no link leading out of it), read-only."""
    from starlette.routing import Mount
    from starlette.staticfiles import StaticFiles

    class PageFiles(StaticFiles):
        """StaticFiles that answers 404, not 500, to a path the system refuses (too long, a loop of links)."""

        def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
            try:
                return super().lookup_path(path)
            except (OSError, ValueError):
                return "", None

    return Mount(CDN, app=PageFiles(directory=Path(folder).resolve(), follow_symlink=False), name="page-files")


if __name__ == "__main__":  # python -m euchre_lesson.classroom.web.assets FOLDER (the Makefile's step)
    if len(sys.argv) != 2:
        sys.exit("Say which folder keeps the files: python -m euchre_lesson.classroom.web.assets FOLDER")
    fetched = fetch(sys.argv[1])
    print(f"Solara's front-end files are in {sys.argv[1]}" + (f" (fetched {', '.join(fetched)})" if fetched else ""))
