"""Write ``src/uno_rules/data/presets.json``: each bundled preset (``presets/*.yaml``) as
its YAML file reads, so that loading a bundled preset (and so starting a game from one)
needs no YAML parser.

The YAML files stay the presets' source: edit them, then run this. tests/test_preset_data.py
fails when the JSON copy differs from the files.

Run from the repository's root: ``python tools/write_preset_data.py`` rewrites the file;
``--check`` only says whether it is stale (exit status 1).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PRESETS = ROOT / "presets"
OUT = ROOT / "src" / "uno_rules" / "data" / "presets.json"


def preset_data() -> dict[str, Any]:
    """Each bundled preset's mapping, by name, read as the package reads a preset file."""
    try:  # the installed package (a coverage run measures that one), else this checkout's
        from uno_rules.presets import read_yaml
    except ImportError:
        sys.path.insert(0, str(ROOT / "src"))
        from uno_rules.presets import read_yaml

    return {path.stem: read_yaml(path, "preset file") for path in sorted(PRESETS.glob("*.yaml"))}


def text() -> str:
    """The file's contents: one JSON object, a key per preset, in name order."""
    return json.dumps(preset_data(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    wanted = text()
    current = OUT.read_text(encoding="utf-8") if OUT.is_file() else None
    if "--check" in argv:
        if current != wanted:
            print(f"{OUT.relative_to(ROOT)} is stale: run python tools/write_preset_data.py")
            return 1
        return 0
    if current != wanted:
        OUT.write_text(wanted, encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
