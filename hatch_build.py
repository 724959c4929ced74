"""Build hooks: the package index's description, and the compiled wheel.

The description (:class:`DescriptionHook`, a metadata hook) is the README with its links
into the repository written as plain paths: the README's relative links work in a checkout
and in the docs, but would be broken on a package index's page, which has no files beside
it.

The compiled wheel (:class:`CompileHook`) compiles the engine's hot modules.

The message catalogs: every wheel (pure or compiled) carries each language's catalog
compiled, ``uno_rules/locale/LANG/LC_MESSAGES/uno_rules.mo``, written with Babel (a
build-time requirement only, asked for by :meth:`CompileHook.dependencies`) from the
``.po`` source beside it, which the sdist carries; the package reads a ``.mo`` with the
standard library's ``gettext``. An editable install builds none: the package then reads
the ``.po`` sources themselves.

A plain build (``pip install .``, ``python -m build``) is untouched: pure Python, no compiler
needed. With ``UNO_RULES_COMPILE=1`` in the environment, building a wheel compiles the modules
listed in ``src/uno_rules/_compiled.py`` (the engine's ``MODULES`` and the RL environment's
``ENV_MODULES``, as two libraries) with mypyc, from the same typed source, and adds the
extension modules to the wheel beside the ``.py`` files (Python imports an
extension module before a source file of the same name), so the wheel is tagged for this
interpreter and platform. pip builds a wheel through this hook too, so one command installs
the compiled build from a clone, and the other builds a wheel file:

    UNO_RULES_COMPILE=1 python -m pip install ".[rl]"
    UNO_RULES_COMPILE=1 python -m build --wheel

mypy (which carries mypyc), setuptools (which drives the C compiler), and the type stubs and
packages the type check reads (NumPy, Gymnasium and PettingZoo for the environment's
modules) are build-time requirements only, asked for by :meth:`dependencies` when the
variable is set. A C compiler and the Python headers must be installed.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.metadata.plugin.interface import MetadataHookInterface

ENV = "UNO_RULES_COMPILE"
PACKAGE = "uno_rules"
REQUIREMENTS = ["mypy>=1.10", "setuptools>=64", "types-PyYAML", "attrs>=23.1", "PyYAML>=6.0"]
# what the type check of the environment's modules (ENV_MODULES) reads: the rl extra
ENV_REQUIREMENTS = ["numpy>=1.24", "gymnasium>=1.0", "pettingzoo>=1.24"]
CATALOG_REQUIREMENTS = ["babel>=2.12"]


# [text](path) or ![alt](path), where path is not a web address or an anchor of the page
_RELATIVE_LINK = re.compile(r"(!?)\[([^\]\n]+)\]\((?!https?://|mailto:|#)([^)\s]+)\)")


def index_description(readme: str) -> str:
    """``readme`` for a package index's page: each link into the repository becomes its
    text followed by the path (``docs/rules.md``), found in the source distribution; a
    picture becomes its description."""

    def plain(match: re.Match[str]) -> str:
        picture, text, path = match.groups()
        if picture:
            return f"({text})"
        if text.strip("`") == path:
            return f"`{path}`"
        return f"{text} (`{path}`)"

    return _RELATIVE_LINK.sub(plain, readme)


class DescriptionHook(MetadataHookInterface):
    PLUGIN_NAME = "custom"

    def update(self, metadata: dict[str, Any]) -> None:
        readme = (Path(self.root) / "README.md").read_text(encoding="utf-8")
        metadata["readme"] = {"content-type": "text/markdown", "text": index_description(readme)}


def wanted() -> bool:
    return os.environ.get(ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def compiled_module_names(root: Path, tuple_name: str = "MODULES") -> list[str]:
    """A tuple of module names of ``_compiled.py`` (``MODULES`` or ``ENV_MODULES``), read
    without importing the package."""
    source = (root / "src" / PACKAGE / "_compiled.py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == tuple_name for t in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise RuntimeError(f"_compiled.py defines no {tuple_name}")


def compile_catalogs(root: Path, out: Path, build_data: dict[str, Any]) -> list[Path]:
    """Compile each ``.po`` catalog of the package into ``out`` and add it to the wheel
    beside its source; the compiled files are returned. A catalog Babel cannot read, or
    one with a fuzzy or untranslated message, stops the build: a wheel never ships a
    catalog that says less than its source."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    locale = root / "src" / PACKAGE / "locale"
    written = []
    for source in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        relative = source.relative_to(locale)
        with source.open("rb") as file:
            catalog = read_po(file, abort_invalid=True)
        empty = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
        if empty:
            raise RuntimeError(f"{relative}: {len(empty)} messages untranslated or fuzzy")
        target = (out / relative).with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as file:
            write_mo(file, catalog)
        build_data["force_include"][str(target)] = str(
            Path(PACKAGE, "locale", relative.with_suffix(".mo"))
        )
        written.append(target)
    return written


def progress(message: str, started: float | None = None) -> None:
    """One line of the compiled build's progress on stderr, with the seconds since
    ``started``: the build takes minutes, and says what it is doing (pip shows these lines
    with ``-v``; ``python -m build`` always does)."""
    took = "" if started is None else f" ({time.monotonic() - started:.0f} s)"
    print(f"{ENV}=1: {message}{took}", file=sys.stderr, flush=True)


def no_compiler(error: BaseException) -> str:
    """What a failed C compilation of the compiled build says: what it needs, and that
    the pure package needs none of it."""
    return (
        f"{ENV}=1: compiling the engine failed ({error}); the compiled build needs a C "
        "compiler and the Python headers (on Debian: apt-get install gcc python3-dev). "
        f"Without {ENV} the pure package installs, with neither"
    )


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if self.target_name != "wheel":
            return []
        compiling = [*REQUIREMENTS, *ENV_REQUIREMENTS] if wanted() else []
        return [*CATALOG_REQUIREMENTS, *compiling]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":  # runs the sources in place: nothing to compile
            if wanted():  # asked for the compiled build: say why it cannot be had this way
                raise RuntimeError(
                    f"{ENV}=1 asks for the compiled build, and an editable install "
                    "(pip install -e) runs the Python sources in place: install without -e, "
                    f'{ENV}=1 python -m pip install ".[rl]"'
                )
            return
        self._work = Path(tempfile.mkdtemp(prefix="uno-rules-build-"))
        try:
            compile_catalogs(Path(self.root), self._work / "locale", build_data)
        except BaseException:
            shutil.rmtree(self._work, ignore_errors=True)
            raise
        if wanted():
            self._compile_modules(build_data)

    def _compile_modules(self, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        core = compiled_module_names(root)
        env = compiled_module_names(root, "ENV_MODULES")
        names = core + env

        def paths(names: list[str]) -> list[str]:
            return [str(Path("src", PACKAGE, *n.split(".")).with_suffix(".py")) for n in names]

        previous = Path.cwd()
        os.chdir(root)  # mypy reads its settings from pyproject.toml; paths are relative
        started = time.monotonic()
        try:
            self._compile(paths(core), paths(env), started)
        except BaseException:
            shutil.rmtree(self._work, ignore_errors=True)
            raise
        finally:
            os.chdir(previous)
        built = sorted((self._work / "lib").rglob("*.so")) + sorted(
            (self._work / "lib").rglob("*.pyd")
        )
        expected = {f"{PACKAGE}.{name}" for name in names}
        found = set()
        for path in built:
            relative = path.relative_to(self._work / "lib")
            build_data["force_include"][str(path)] = str(relative)
            found.add(".".join((*relative.parent.parts, relative.name.split(".")[0])))
        missing = expected - found
        if missing:
            raise RuntimeError(f"mypyc built no extension module for {sorted(missing)}")
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        progress(f"compiled {len(names)} modules for Python {sys.version.split()[0]}", started)

    def _compile(self, core: list[str], env: list[str], started: float | None = None) -> None:
        """Compile the modules at ``core`` and ``env`` into ``self._work / "lib"``, as two
        libraries: the engine's, which ``import uno_rules`` loads, and the environment's,
        which needs NumPy and is loaded only with ``uno_rules.env``."""
        from mypyc.build import mypycify
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext
        from setuptools.errors import CCompilerError, ExecError, PlatformError

        count = len(core) + len(env)
        progress(
            f"step 1 of 2: mypyc type-checks {count} modules and translates them to C "
            "(about 15 s on two cores)"
        )
        extensions = mypycify(
            [
                "--cache-dir",
                str(self._work / "mypy-cache"),
                "--python-version",
                "{}.{}".format(*sys.version_info[:2]),
                *core,
                *env,
            ],
            opt_level="3",
            separate=[(core, f"{PACKAGE}_compiled"), (env, f"{PACKAGE}_env_compiled")],
            target_dir=str(self._work / "c"),
        )
        command = build_ext(Distribution({"ext_modules": extensions}))
        command.build_lib = str(self._work / "lib")
        command.build_temp = str(self._work / "temp")
        command.parallel = os.cpu_count() or 1
        command.ensure_finalized()
        progress(
            f"step 2 of 2: the C compiler builds {len(extensions)} extension modules, "
            f"{command.parallel} at a time (1 to 2 minutes on two cores)",
            started,
        )
        try:
            command.run()
        except (CCompilerError, ExecError, PlatformError) as error:
            raise RuntimeError(no_compiler(error)) from error

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
