"""What a package index page and an unpacked sdist need: the license, the files the tests
read, classifiers for the supported Pythons."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def test_the_license_file_is_mit_and_packaged() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    assert "LICENSE" in PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


def test_the_sdist_holds_every_folder_the_tests_read() -> None:
    include = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    read = set()
    for test in (ROOT / "tests").rglob("*.py"):
        code = test.read_text(encoding="utf-8")
        read |= set(re.findall(r'(?:ROOT|parents\[\d\]) / "([\w.-]+)"', code))
    assert {"examples", "tools", "docs", "presets"} <= read
    assert read <= set(include), read - set(include)


def test_classifiers_name_every_supported_python() -> None:
    assert PROJECT["requires-python"] == ">=3.11"
    versions = {c.rsplit(" :: ", 1)[1] for c in PROJECT["classifiers"] if "Python :: 3." in c}
    assert versions == {"3.11", "3.12", "3.13"}


def test_the_readme_states_the_versioning_policy_and_the_docs_how_to_build_them() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Stability and versions" in readme
    contributing = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    assert 'python -m pip install -e ".[docs]"' in contributing
    assert "mkdocs serve" in contributing
    assert "contributing.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_package_index_description_has_no_links_into_the_repository() -> None:
    """README.md's relative links work in a checkout, not on a package index's page: the
    description built from it names the paths instead."""
    sys.path.insert(0, str(ROOT))
    try:
        from hatch_build import index_description
    finally:
        sys.path.remove(str(ROOT))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"\]\((docs|examples)/", readme)  # the README does link into the repo
    described = index_description(readme)
    assert not re.search(r"\]\((?!https?://|#)", described)
    assert "`docs/rules.md`" in described
    assert index_description("see [the rules](docs/rules.md#b8) and [docs/x.md](docs/x.md)") == (
        "see the rules (`docs/rules.md#b8`) and `docs/x.md`"
    )
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["readme"]' in pyproject and "[tool.hatch.metadata.hooks.custom]" in pyproject
