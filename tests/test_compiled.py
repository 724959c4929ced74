"""``uno_rules.COMPILED`` says which build runs: the pure-Python package or the compiled build
(``UNO_RULES_COMPILE=1 python -m pip install .``, see ``docs/performance.md``).

The whole suite runs against both builds in CI, so the two can never rule differently; the
tests here check that the flag tells the truth about the files actually imported.
"""

from __future__ import annotations

import os
import subprocess
import sys
import types
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import uno_rules
from uno_rules import _compiled
from uno_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]


def module_files() -> dict[str, Path]:
    files = {}
    for name in _compiled.MODULES:
        module = sys.modules[f"uno_rules.{name}"]
        assert module.__file__ is not None
        files[name] = Path(module.__file__)
    return files


def is_extension(path: Path) -> bool:
    return path.name.endswith(tuple(EXTENSION_SUFFIXES))


def _printed(code: str) -> str:
    """What ``code`` prints, run in a fresh interpreter (nothing of this one loaded)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout


def test_import_loads_every_module_the_compiled_build_compiles() -> None:
    # COMPILED reads the loaded modules; it imports none itself.
    code = (
        "import sys, uno_rules; from uno_rules._compiled import MODULES; "
        "print(sorted(m for m in MODULES if 'uno_rules.' + m not in sys.modules))"
    )
    out = _printed(code)
    assert out.strip() == "[]"


def test_compiled_is_true_exactly_when_the_listed_modules_are_extension_modules() -> None:
    extension = {name: is_extension(path) for name, path in module_files().items()}
    assert uno_rules.COMPILED is all(extension.values())
    assert _compiled.compiled_modules() == extension
    # a build compiles every listed module or none of them
    assert len(set(extension.values())) == 1, extension


def test_compiled_is_a_public_name_loaded_on_first_use() -> None:
    assert "COMPILED" in uno_rules.__all__ and "COMPILED" in dir(uno_rules)
    code = "import sys, uno_rules; print('uno_rules._compiled' in sys.modules, uno_rules.COMPILED)"
    out = _printed(code)
    assert out.split() == ["False", str(uno_rules.COMPILED)]


@pytest.mark.skipif(uno_rules.COMPILED, reason="the compiled build runs")
def test_the_pure_package_runs_its_python_sources() -> None:
    assert uno_rules.COMPILED is False
    assert all(path.suffix == ".py" for path in module_files().values())


@pytest.mark.skipif(not uno_rules.COMPILED, reason="the pure-Python package runs")
def test_the_compiled_build_runs_extension_modules_beside_their_sources() -> None:
    assert uno_rules.COMPILED is True
    for name, path in module_files().items():
        assert is_extension(path), name
        # the wheel carries the typed sources too (tracebacks, inspection, type checkers)
        assert (path.parent / f"{name.rsplit('.', 1)[-1]}.py").is_file(), name
    assert (Path(uno_rules.__file__).parent / "py.typed").is_file()


@pytest.mark.skipif(
    "UNO_RULES_EXPECT_BUILD" not in os.environ, reason="no build expected (CI names one)"
)
def test_the_suite_runs_against_the_build_it_expects() -> None:
    # CI runs the suite against the compiled wheel with UNO_RULES_EXPECT_BUILD=compiled: if
    # the tests imported the pure sources instead, this fails.
    expected = os.environ["UNO_RULES_EXPECT_BUILD"]
    assert expected in {"compiled", "pure"}, expected
    assert uno_rules.COMPILED is (expected == "compiled"), uno_rules.__file__


def test_a_module_not_loaded_counts_as_not_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "uno_rules.engine")
    assert _compiled.compiled_modules()["engine"] is False


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    build = "compiled" if uno_rules.COMPILED else "pure Python"
    assert capsys.readouterr().out.strip() == f"uno-rules {uno_rules.__version__} ({build})"


def _hook() -> Any:
    pytest.importorskip("hatchling")
    sys.path.insert(0, str(ROOT))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(ROOT))
    return hatch_build


def test_the_build_hook_reads_the_listed_modules() -> None:
    hook = _hook()
    assert hook.compiled_module_names(ROOT) == list(_compiled.MODULES)
    assert hook.compiled_module_names(ROOT, "ENV_MODULES") == list(_compiled.ENV_MODULES)
    for name in _compiled.MODULES + _compiled.ENV_MODULES:
        assert (ROOT / "src" / "uno_rules" / Path(*name.split("."))).with_suffix(".py").is_file()


def test_the_environment_modules_run_in_the_same_build_as_the_engine() -> None:
    # the compiled wheel compiles the RL environment's step too (ENV_MODULES), in a library
    # of its own that `import uno_rules` does not load: NumPy stays out of the CLI's start-up
    pytest.importorskip("gymnasium")
    code = (
        "import sys, uno_rules; print(sorted(m for m in sys.modules if m == 'numpy' "
        "or m.startswith('uno_rules.env')))"
    )
    out = _printed(code)
    assert out.strip() == "[]"
    import uno_rules.env  # loads ENV_MODULES

    assert _compiled.compiled_modules(_compiled.ENV_MODULES) == dict.fromkeys(
        _compiled.ENV_MODULES, uno_rules.COMPILED
    )


def test_the_build_hook_asks_for_what_the_environment_modules_type_check_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hook = _hook()
    monkeypatch.setenv(hook.ENV, "1")
    compiling = hook.CompileHook.dependencies(type("Hook", (), {"target_name": "wheel"})())
    for requirement in ("numpy", "gymnasium", "pettingzoo", "mypy"):
        assert any(r.startswith(requirement) for r in compiling), requirement
    monkeypatch.setenv(hook.ENV, "0")
    plain = hook.CompileHook.dependencies(type("Hook", (), {"target_name": "wheel"})())
    assert not any(r.startswith(("numpy", "mypy")) for r in plain)


@pytest.mark.parametrize(
    ("value", "wanted"),
    [(None, False), ("", False), ("0", False), ("no", False), ("1", True), ("true", True)],
)
def test_the_build_hook_compiles_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, value: str | None, wanted: bool
) -> None:
    hook = _hook()
    if value is None:
        monkeypatch.delenv(hook.ENV, raising=False)
    else:
        monkeypatch.setenv(hook.ENV, value)
    assert hook.wanted() is wanted


def test_an_editable_install_that_asks_for_the_compiled_build_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``UNO_RULES_COMPILE=1 pip install -e .`` would run the sources and say nothing: the
    hook refuses it and names the command that compiles; a plain editable install builds
    nothing (the package reads the sources and the ``.po`` catalogs in place)."""
    hook = _hook()
    editable = type("Hook", (), {"target_name": "wheel"})()
    monkeypatch.setenv(hook.ENV, "1")
    with pytest.raises(RuntimeError, match=r"editable install.*install without -e"):
        hook.CompileHook.initialize(editable, "editable", {})
    monkeypatch.setenv(hook.ENV, "0")
    data: dict[str, Any] = {}
    assert hook.CompileHook.initialize(editable, "editable", data) is None
    assert data == {}


def test_a_compiler_that_fails_is_named_with_what_the_build_needs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A machine with no C compiler (or no Python headers) ends the compiled build with one
    sentence saying what it needs and that the pure package needs neither, not only
    setuptools' CompileError. mypyc and setuptools are stood in for here: the compiler
    run itself is what fails."""
    hook = _hook()

    class CCompilerError(Exception):
        pass

    class CompileError(CCompilerError):
        pass

    class Command:
        def __init__(self, distribution: object) -> None:
            pass

        def ensure_finalized(self) -> None:
            pass

        def run(self) -> None:
            raise CompileError("command 'cc' failed: No such file or directory")

    fakes = {
        "mypyc": types.ModuleType("mypyc"),
        "mypyc.build": types.SimpleNamespace(mypycify=lambda *args, **kwargs: []),
        "setuptools": types.SimpleNamespace(Distribution=lambda attrs: attrs),
        "setuptools.command": types.ModuleType("setuptools.command"),
        "setuptools.command.build_ext": types.SimpleNamespace(build_ext=Command),
        "setuptools.errors": types.SimpleNamespace(
            CCompilerError=CCompilerError, ExecError=OSError, PlatformError=OSError
        ),
    }
    for name, module in fakes.items():
        monkeypatch.setitem(sys.modules, name, module)
    compiling = types.SimpleNamespace(_work=tmp_path)
    with pytest.raises(RuntimeError) as raised:
        hook.CompileHook._compile(compiling, ["engine.py"], ["env/core.py"])
    message = str(raised.value)
    assert message.startswith("UNO_RULES_COMPILE=1: compiling the engine failed (command 'cc'")
    assert "needs a C compiler and the Python headers" in message
    assert "the pure package installs" in message
    assert isinstance(raised.value.__cause__, CompileError)
