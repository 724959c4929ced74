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


def test_every_command_the_docs_give_installs_the_modules_it_runs() -> None:
    """A shell block of the README or docs/ that runs ``python -m MODULE`` (a module that
    is neither the standard library's nor pip) installs it first in the same block: by
    name, or through an extra of this project that requires it. (In a fresh virtual
    environment, ``python -m build`` fails with "No module named build".)"""
    extras = PROJECT["optional-dependencies"]
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    checked = 0
    for page in pages:
        for block in re.findall(
            r"```(?:sh|bash)\n(.*?)```", page.read_text(encoding="utf-8"), re.S
        ):
            installed: set[str] = set()
            for command in re.split(r"\n|&&", block):
                words = command.split("#", 1)[0].split()
                if "install" in words and "pip" in words:
                    for word in words[words.index("install") + 1 :]:
                        installed.add(re.split(r"[<>=\[]", word.strip("'\""))[0])
                        for extra in re.findall(r"\[([\w,]+)\]", word):
                            for name in extra.split(","):
                                installed |= {re.split(r"[<>=\[]", d)[0] for d in extras[name]}
                if "-m" in words:
                    module = words[words.index("-m") + 1]
                    if module in sys.stdlib_module_names or module == "pip":
                        continue
                    checked += 1
                    assert module in installed, f"{page.name}: {command.strip()}"
    assert checked >= 5


def _extra(name: str) -> set[str]:
    """The distributions the extra ``name`` installs (this project's own extras followed)."""
    found: set[str] = set()
    for requirement in PROJECT["optional-dependencies"][name]:
        dist = re.split(r"[<>=;\[ ]", requirement)[0].lower().replace("_", "-")
        if dist == PROJECT["name"]:
            for inner in re.findall(r"\[([\w,]+)\]", requirement)[0].split(","):
                found |= _extra(inner)
        else:
            found.add(dist)
    return found


def test_the_test_extra_installs_every_module_a_test_would_skip_without() -> None:
    """The README's test command (``pip install ".[test]"`` then ``pytest``) skips no test
    for a missing module: each ``importorskip`` names a module of the ``test`` extra."""
    from importlib.metadata import packages_distributions

    dists = packages_distributions()
    provided = _extra("test")
    skipped = set()
    for test in (ROOT / "tests").rglob("*.py"):
        skipped |= set(re.findall(r'importorskip\("([\w.]+)"\)', test.read_text(encoding="utf-8")))
    assert {"selenium.webdriver", "dask.distributed"} <= skipped
    for module in sorted(skipped):
        owners = {d.lower().replace("_", "-") for d in dists.get(module.split(".")[0], [])}
        assert owners & provided, f"{module}: not installed by the test extra"
