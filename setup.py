"""The compiled search, built when a C compiler is at hand; the metadata is in pyproject.toml."""

from setuptools import Extension, setup

# optional=True: where the build fails (no compiler), the install goes on and solver.py
# uses its Python search, which gives the same values more slowly.
setup(ext_modules=[Extension("euchre_lesson.play._search", ["euchre_lesson/play/_search.c"], optional=True)])
