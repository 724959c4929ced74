"""The command that installs an optional extra, as the messages of a missing one give it.

The package is installed from a clone or from a built wheel, not by name from a package
index, so naming it with its extra cannot work; what does work wherever the package is
installed is to install the extra's own requirements, which a package index has. They are
read from the installed package's metadata (so they are the ones its ``pyproject.toml``
names); a source tree run without installing has none, and is told the command that
installs the extra from a clone.

>>> install_line("no-such-extra")
'python -m pip install ".[no-such-extra]"'
"""

from __future__ import annotations

import re

__all__ = ["install_line"]

DISTRIBUTION = "uno-rules"


def requirements(extra: str) -> list[str]:
    """The requirements that the extra ``extra`` adds, as the installed metadata lists
    them (without their ``extra ==`` marker), in order; none when the package is not
    installed as a distribution."""
    # start-up: only a missing extra reads the package's metadata
    from importlib.metadata import PackageNotFoundError, requires

    try:
        listed = requires(DISTRIBUTION) or []
    except PackageNotFoundError:
        return []
    found = []
    marker = re.compile(r"""\s*;\s*extra\s*==\s*["']([\w.-]+)["']\s*$""")
    for requirement in listed:
        named = marker.search(requirement)
        if named is not None and named.group(1) == extra:
            found.append(requirement[: named.start()].strip())
    return found


def install_line(extra: str) -> str:
    """The one command that installs the extra ``extra`` for the installed package: its
    requirements by name (``python -m pip install "starlette>=0.40" "uvicorn>=0.30"``), or
    from a clone, ``python -m pip install ".[serve]"``."""
    found = requirements(extra)
    if not found:
        return f'python -m pip install ".[{extra}]"'
    return "python -m pip install " + " ".join(f'"{r}"' for r in found)
