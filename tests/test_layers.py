"""The import layers of ``src/uno_rules``, checked on the source (no import runs).

From the bottom up: value types (cards, moves, state, events, violations, errors, the
record base, randomness, the plain-data converter), then the rules (``uno_rules.rules``,
the clause texts), then the engine (validation, effects, fast paths, engine, the deal of
a round), then the edges (presets, deal, situation, snapshot, record, ruling, view, bots,
simulate, schema, the command line, the package itself). A module imports only from its
own layer or below; imports made at run time (at module level or inside a function; not
those under ``if TYPE_CHECKING:``, which only type checkers read) form no cycle; and no
module imports another module's private name. The one type-only import upwards is listed below.

An import inside a function keeps to the layers too (a display hook, ``_repr_svg_`` or
``_repr_html_``, is the one exception), never names a module already loaded whenever its
module is (on its module-level import chain: it would only hide the dependency), and says
in a comment why it waits: the command line's start-up, an optional extra, or a display hook.
"""

from __future__ import annotations

import ast
import importlib.util
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "uno_rules"

LAYERS = {
    0: {
        "_records",
        "cards",
        "moves",
        "state",
        "events",
        "violations",
        "errors",
        "randomness",
        "plain",
        "_budget",
        "kinds",
        "_suggest",
        "i18n",
        "_words",
    },
    1: {"rules", "clauses"},
    2: {"validation", "effects", "fastpath", "engine", "dealing"},
}
EDGE = 3

# Type-only imports that name a higher layer's type (no import at run time).
TYPE_ONLY_UPWARDS = {("uno_rules.state", "uno_rules.rules")}  # GameState.rules: Rules

# Notebook display hooks: ``_repr_svg_`` / ``_repr_html_`` of a card, a state or a view import
# the picture module when a notebook asks for a picture, never at import time.
DISPLAY_HOOK_METHODS = {"_repr_svg_", "_repr_html_"}
DISPLAY_HOOKS = {
    ("uno_rules.cards", "uno_rules.svg"),
    ("uno_rules.state", "uno_rules.svg"),
    ("uno_rules.view", "uno_rules.svg"),
}


def module_names() -> dict[str, Path]:
    out = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = module_names()


def layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 1:
        return EDGE  # the package itself re-exports the edges
    for level, names in LAYERS.items():
        if parts[1] in names:
            return level
    return EDGE


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(module: str) -> list[tuple[str, str, bool]]:
    """``(imported module, name, at run time)`` for every import of ``module``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: list[tuple[str, str, bool]] = []

    def visit(node: ast.AST, runtime: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for inner in child.body:
                    visit_one(inner, False)
                for inner in child.orelse:
                    visit_one(inner, runtime)
            else:
                visit_one(child, runtime)

    def visit_one(node: ast.AST, runtime: bool) -> None:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] == "uno_rules":
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in MODULES:
                        found.append((sub, "", runtime))
                    else:
                        found.append((target, alias.name, runtime))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "uno_rules":
                    found.append((alias.name, "", runtime))
        visit(node, runtime)

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module: str) -> None:
    for target, _name, runtime in imports(module):
        if target == module or target not in MODULES:
            continue
        if not runtime and (module, target) in TYPE_ONLY_UPWARDS:
            continue
        if (module, target) in DISPLAY_HOOKS:
            continue  # checked by test_display_hooks_import_the_pictures_only_when_drawing
        assert layer(target) <= layer(module), f"{module} (layer {layer(module)}) imports {target}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_names_cross_modules(module: str) -> None:
    for target, name, _runtime in imports(module):
        private = name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
        assert not (private and target != module), f"{module} imports {target}.{name}"


def test_no_import_cycles() -> None:
    graph = {
        m: {
            t
            for t, _n, rt in imports(m)
            if rt and t in MODULES and t != m and (m, t) not in DISPLAY_HOOKS
        }
        for m in MODULES
    }
    # a package's __init__ importing its own modules is how a package is built
    for m in graph:
        graph[m] = {
            t for t in graph[m] if not (t.startswith(m + ".") and MODULES[m].name == "__init__.py")
        }
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                cycle = [*stack[stack.index(t) :], t]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if t not in state:
                walk(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            walk(m)


def test_the_layers_name_real_modules() -> None:
    names = {m.split(".")[1] for m in MODULES if "." in m}
    for level in LAYERS.values():
        assert level <= names


@pytest.mark.parametrize(("module", "target"), sorted(DISPLAY_HOOKS))
def test_display_hooks_import_the_pictures_only_when_drawing(module: str, target: str) -> None:
    """The one upward import a value type may make: inside its ``_repr_svg_`` or
    ``_repr_html_`` method."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    name = target.rsplit(".", 1)[1]
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in DISPLAY_HOOK_METHODS:
            allowed |= {id(n) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == name:
            assert id(node) in allowed, f"{module} imports {target} outside a _repr_ method"


def test_every_public_name_stays_what_it_is_once_every_module_is_loaded() -> None:
    """A name loaded on first use must not share its name with a module of the package:
    importing that module would replace the name by the module (``uno.view`` once was)."""
    import importlib

    import uno_rules

    for module in sorted(MODULES):
        if module.startswith("uno_rules.env") or module in (
            "uno_rules.server",
            "uno_rules._serving",
        ):
            continue  # optional extras
        importlib.import_module(module)
    for name in uno_rules.__all__:
        value = getattr(uno_rules, name)
        assert not isinstance(value, type(uno_rules)), name


def test_the_engine_never_imports_the_conformance_kit() -> None:
    """``uno_rules.testing`` is for rule authors' tests: no module of the package imports
    it, so the kit's checks never run (or cost an import) in a game. The play check
    (``uno_rules.playtesting``, loaded only when asked for) is the one exception: checking a
    rule set's games with the kit is what it is for."""
    for module in MODULES:
        if module in ("uno_rules.testing", "uno_rules.playtesting"):
            continue
        targets = {target for target, _name, _runtime in imports(module)}
        assert "uno_rules.testing" not in targets, f"{module} imports uno_rules.testing"


def _ranks_named(node: ast.AST) -> set[str]:
    """The ``Rank.X`` members named directly in a literal (a tuple key counts too)."""
    items: list[ast.AST] = []
    if isinstance(node, ast.Dict):
        items = [k for k in node.keys if k is not None] + list(node.values)
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = list(node.elts)
    found: set[str] = set()
    for item in items:
        for part in item.elts if isinstance(item, ast.Tuple) else [item]:
            name = part.value if isinstance(part, ast.Attribute) else None
            if isinstance(name, ast.Name) and name.id == "Rank":
                found.add(part.attr)  # type: ignore[union-attr]
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_per_rank_table_outside_the_card_kind_data(module: str) -> None:
    """What a kind of card is, scores and does is read from its kind (``data/cards.json``,
    ``uno_rules.kinds``), never listed kind by kind in code: no literal names three or
    more ranks (a rule may name the one or two kinds it is about)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        named = _ranks_named(node)
        assert len(named) < 3, f"{module}:{getattr(node, 'lineno', '?')} lists {sorted(named)}"


def test_h14_names_every_card_kind_of_the_data() -> None:
    """H14's kinds are the bundled card kinds' ids, one member per id, in the data's order
    (a rule set's own kinds have none: K6)."""
    from uno_rules.cards import KINDS
    from uno_rules.rules.go_out import CardKind, rank_kind

    ids = list(dict.fromkeys(rank.kind.id for rank in KINDS))
    assert [kind.value for kind in CardKind] == ids
    assert all(rank_kind(rank) == rank.kind.id for rank in KINDS)


# --------------------------------------------------------------------------- imports in functions

# Why an import may wait until a function runs, as the comment above it says: the command
# line's start-up (a heavy module that a command may not need), an optional extra, or a
# value's display hook (``_repr_svg_``).
IMPORT_REASONS = ("start-up:", "optional extra", "display hook:")


def _statement_targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules a statement imports: a package module (a ``from . import name`` of a
    submodule counts as that submodule), else the outside module it names, with
    ``from a import b`` written ``a:b`` (``b`` may be a submodule or a name of ``a``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    if node.level:
        base = package.split(".")
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if target.split(".")[0] != "uno_rules":
        return [f"{target}:{alias.name}" for alias in node.names]
    return [
        f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target
        for alias in node.names
    ]


class Statement(NamedTuple):
    line: int
    function: str  # the function it is in, ``""`` at module level
    targets: tuple[str, ...]


@cache
def runtime_imports(module: str) -> tuple[Statement, ...]:
    """Every import statement of ``module`` that runs (none under ``if TYPE_CHECKING:``),
    with the function it is in and its targets."""
    found: list[Statement] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for inner in child.orelse:
                    visit_one(inner, function)
            else:
                visit_one(child, function)

    def visit_one(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            targets = tuple(dict.fromkeys(_statement_targets(module, node)))
            found.append(Statement(node.lineno, function, targets))
        inner = function
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = f"{function}.{node.name}" if function else node.name
        visit(node, inner)

    visit(ast.parse(MODULES[module].read_text(encoding="utf-8")), "")
    return tuple(found)


def _packages_of(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def loaded_with(module: str) -> set[str]:
    """What is surely loaded once ``module`` is: the package modules on its module-level
    import chain (importing ``uno_rules.x`` first runs ``uno_rules/__init__.py``, and a
    module's package runs before it), and every outside module those modules import at
    module level (``a:b`` for a ``from a import b``)."""
    seen: set[str] = set()
    todo = [module, *_packages_of(module)]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        if current not in MODULES:
            continue
        for statement in runtime_imports(current):
            if statement.function:
                continue
            for target in statement.targets:
                name = target.split(":")[0]
                todo.extend([target, *_packages_of(name)])
                if ":" in target:
                    seen.add(name)
    return seen - {module}


def _already_loaded(target: str, loaded: set[str]) -> bool:
    if target in loaded:
        return True
    outer, _, name = target.partition(":")
    if not name or outer not in loaded:
        return False
    # ``from a import b`` where ``a`` is loaded: ``b`` is loaded too, unless it is a
    # submodule of ``a`` that nothing imported.
    if f"{outer}:{name}" in loaded or f"{outer}.{name}" in loaded:
        return True
    spec = importlib.util.find_spec(outer)
    if spec is None or spec.submodule_search_locations is None:
        return True  # ``a`` is a plain module: ``b`` is one of its names
    return importlib.util.find_spec(f"{outer}.{name}") is None


def vestigial_imports(module: str) -> list[str]:
    """The imports inside ``module``'s functions whose module is already loaded whenever
    ``module`` is: they only hide the dependency, and belong at the top."""
    loaded = loaded_with(module)
    return [
        f"{module}:{statement.line} {statement.function}() imports {target.replace(':', '.')}"
        for statement in runtime_imports(module)
        if statement.function
        for target in statement.targets
        if _already_loaded(target, loaded)
    ]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_function_imports_a_module_already_loaded(module: str) -> None:
    assert vestigial_imports(module) == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_function_level_imports_go_down_the_layers(module: str) -> None:
    """The layers hold for the imports that wait for a function to run as they do at the
    top; the one exception is a display hook (``_repr_svg_``, ``_repr_html_``)."""
    for line, function, targets in runtime_imports(module):
        if not function or function.rsplit(".", 1)[-1] in DISPLAY_HOOK_METHODS:
            continue
        for target in targets:
            if target in MODULES and target != module:
                assert layer(target) <= layer(module), (
                    f"{module}:{line} {function}() (layer {layer(module)}) "
                    f"imports {target} (layer {layer(target)})"
                )


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_function_level_import_says_why(module: str) -> None:
    """An import kept inside a function has a comment just above it (or above the imports
    it opens) naming its reason: start-up, an optional extra, or a display hook."""
    lines = MODULES[module].read_text(encoding="utf-8").splitlines()
    for line, function, _targets in runtime_imports(module):
        if not function:
            continue
        at = line - 1
        said = lines[at]
        above = at - 1
        # a run of imports (a blank line may separate the package's from the others')
        while above >= 0 and (
            lines[above].strip() == ""
            or lines[above].lstrip().startswith(("from ", "import ", "try:"))
        ):
            above -= 1
        while above >= 0 and lines[above].lstrip().startswith("#"):
            said += lines[above]
            above -= 1
        assert any(reason in said for reason in IMPORT_REASONS), (
            f"{module}:{line}: say why this import waits (one of {IMPORT_REASONS})"
        )
