"""`make lessons` on any computer, Windows too (it has no make): `python scripts/lessons.py`.

`python scripts/lessons.py --this-python` opens the lessons from the environment of the Python that runs it (a
conda environment made from environment.yml, which installed everything), with no .venv and no install.

It makes .venv with the Python that runs it, installs the package with its `lessons` and `app` extras, puts the
server extension's Jupyter configuration in place and opens the lessons as pages, as the Makefile's `lessons`
target does (tests/test_portable.py holds the two to the same commands). The Makefile runs two of its parts
itself, on every computer: `--check-venv` (stop at once when .venv was made by another Python or is broken) and
`--server-config` (the configuration copy, which macOS's `install` cannot do: it has no -D).

This file runs on any Python 3, so that an older one hears what it needs instead of a syntax error.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = ".venv"
NEEDED = (3, 11)
# An editable install skips the package's data files, among them this one, which turns on
# euchre_lesson.server_extension (the kernel's replies sent at once): it goes where pip would have put it.
SERVER_CONFIG = ("jupyter-config", "jupyter_server_config.d", "euchre_lesson.json")
EXTRAS = "lessons,app"
CONTENTS = "/voila/render/14_contents.ipynb"


def venv_python(venv):
    """The Python of a venv: bin/python, or Scripts\\python.exe on Windows."""
    windows = os.path.join(venv, "Scripts", "python.exe")
    return windows if os.name == "nt" else os.path.join(venv, "bin", "python")


def _version(python):
    """The major.minor of a Python as (3, 12), or None when it is missing or does not run."""
    try:
        done = subprocess.run(
            [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=60,
        )
        major, minor = done.stdout.decode("ascii", "replace").strip().split(".")
        return (int(major), int(minor)) if done.returncode == 0 else None
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def venv_problem(venv, python_version, name=VENV):
    """The sentence that says what is wrong with `venv` (called `name`) for a Python of `python_version`, or None."""
    if tuple(python_version[:2]) < NEEDED:
        return (
            "These lessons need Python %d.%d or newer, and this Python is %d.%d: install a newer one and run "
            "again with it (make PYTHON=python3.12, say)." % (NEEDED + tuple(python_version[:2]))
        )
    python = venv_python(venv)
    made = os.path.exists(os.path.join(venv, "pyvenv.cfg")) or os.path.lexists(python)
    if not made:
        return None  # no venv yet (or only folders other steps keep there): it will be made
    again = "remove it (rm -rf %s, or delete the folder) and run again, which makes a new one." % name
    found = _version(python)
    if found is None:
        return "The folder %s is broken, its Python does not run (made by a Python since moved or removed?): %s" % (
            name,
            again,
        )
    if found != tuple(python_version[:2]):
        return "The folder %s was made by Python %d.%d, not by this Python %d.%d: %s" % (
            (name,) + found + tuple(python_version[:2]) + (again,)
        )
    return None


def server_config(prefix):
    """Copy the server extension's Jupyter configuration into the environment at `prefix`."""
    folder = os.path.join(prefix, "etc", "jupyter", SERVER_CONFIG[1])
    os.makedirs(folder, exist_ok=True)
    shutil.copyfile(os.path.join(ROOT, *SERVER_CONFIG), os.path.join(folder, SERVER_CONFIG[2]))


def lessons_commands(venv):
    """The commands `make lessons` runs once .venv exists, with the environment the last one needs."""
    python = venv_python(venv)
    here = os.path.abspath(__file__)
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return [
        [python, "-m", "pip", "install", "--quiet", "-e", ".[%s]" % EXTRAS],
        [python, here, "--server-config"],
        [python, "-m", "jupyter", "lab"] + root + ["--LabApp.default_url=%s" % CONTENTS, "notebooks"],
    ], {"JUPYTER_CONFIG_PATH": os.path.join(ROOT, SERVER_CONFIG[0])}


def main(arguments):
    """Check the venv, copy the configuration, or do all that `make lessons` does."""
    venv = os.path.join(ROOT, VENV)
    if arguments == ["--server-config"]:
        server_config(sys.prefix)
        return 0
    if arguments == ["--this-python"]:
        lab = lessons_commands(sys.prefix)[0][-1][4:]
        command = [sys.executable, "-m", "jupyter", "lab"] + lab
        try:
            return subprocess.run(command, cwd=ROOT, env=dict(os.environ, **lessons_commands(sys.prefix)[1])).returncode
        except KeyboardInterrupt:
            return 0
    problem = venv_problem(venv, sys.version_info)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    if arguments == ["--check-venv"]:
        return 0
    if arguments not in ([], ["--dry-run"]):
        print(
            "Run it as python scripts/lessons.py, or with --this-python (a conda environment), or with --dry-run "
            "to see the commands.",
            file=sys.stderr,
        )
        return 2
    commands, environment = lessons_commands(venv)
    if arguments == ["--dry-run"]:
        print("\n".join(" ".join(command) for command in commands))
        return 0
    if not os.path.exists(venv_python(venv)):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([venv_python(venv), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
    for command in commands:
        last = command is commands[-1]
        try:
            subprocess.run(command, cwd=ROOT, check=True, env=dict(os.environ, **environment) if last else None)
        except KeyboardInterrupt:  # Ctrl-C stops JupyterLab: the end, not an error
            return 0
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except subprocess.CalledProcessError as failed:
        sys.exit("This step failed (exit status %d): %s" % (failed.returncode, " ".join(failed.cmd)))
