"""Names a package gives, each imported from its module at its first use."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module


def lazy_names(
    package: str, names: dict[str, tuple[str, ...]]
) -> tuple[Callable[[str], object], Callable[[], list[str]], list[str]]:
    """The `__getattr__`, `__dir__` and `__all__` of `package`, giving `names` (a module -> the names it gives).

    A lesson's first line then loads only what it asks for: the whole package takes seconds to import in the
    browser's Python."""
    home = {name: module for module, given in names.items() for name in given}

    def __getattr__(name: str) -> object:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home[name], package), name)
        vars(sys.modules[package])[name] = value  # asked once: later uses are plain look-ups
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(home))

    return __getattr__, __dir__, sorted(home)
