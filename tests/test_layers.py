"""The import layers of ``src/uno_rules``, checked on the source (no import runs).

From the bottom up: value types (cards, moves, state, events, violations, errors, the
record base, randomness, the plain-data converter), then the rules (``uno_rules.rules``,
the clause texts), then the engine (validation, effects, fast paths, engine, the deal of
a round), then the edges (presets, deal, situation, snapshot, record, ruling, view, bots,
simulate, schema, the command line, the package itself). A module imports only from its
own layer or below; imports made at run time (at module level or inside a function; not
those under ``if TYPE_CHECKING:``, which only type checkers read) form no cycle; and no
module imports another module's private name. The one type-only import upwards is listed below.
"""

from __future__ import annotations

import ast
from pathlib import Path

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
    """The one upward import a value type may make: inside its ``_repr_*`` methods."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    name = target.rsplit(".", 1)[1]
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_repr_"):
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
    it, so the kit's checks never run (or cost an import) in a game."""
    for module in MODULES:
        if module == "uno_rules.testing":
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
