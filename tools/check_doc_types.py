"""Type-check the Python examples of the README and docs/ with mypy --strict.

Each ```python block becomes a module of its own in a temporary folder; mypy checks them
all, with the package installed, so an example that only runs (and that an IDE would flag)
fails here. Run from the repository's root: ``python tools/check_doc_types.py``.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def extract(folder: Path) -> list[Path]:
    """Write each example to ``folder``, named after its page and position."""
    written = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        stem = re.sub(r"\W", "_", page.relative_to(ROOT).with_suffix("").as_posix())
        for i, code in enumerate(BLOCK.findall(page.read_text(encoding="utf-8"))):
            path = folder / f"{stem}_{i}.py"
            path.write_text(code, encoding="utf-8")
            written.append(path)
    return written


OPTIONAL = ("sb3_contrib",)
# Libraries without type annotations whose calls the docs show (Dask's cluster objects).
UNTYPED = ("dask", "distributed")


def main() -> int:
    from mypy import api

    with tempfile.TemporaryDirectory() as tmp:
        files = extract(Path(tmp))
        # Libraries that the docs show how to plug in but the project does not depend on:
        # their imports are checked for use, not for stubs.
        config = Path(tmp) / "mypy.ini"
        config.write_text(
            "[mypy]\n" + "".join(f"[mypy-{m}.*]\nignore_missing_imports = True\n" for m in OPTIONAL)
        )
        out, err, status = api.run(
            ["--config-file", str(config), "--strict", "--no-incremental"]
            + [f"--untyped-calls-exclude={m}" for m in UNTYPED]
            + ["--python-version", "3.11", *map(str, files)]
        )
    sys.stdout.write(out.replace(tmp + "/", ""))
    sys.stderr.write(err)
    print(f"{len(files)} examples checked")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
