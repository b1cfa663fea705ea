"""No import circle inside homegame: every import counts, ``TYPE_CHECKING`` blocks and imports
inside functions included.

Each module of ``src/homegame`` is read with :mod:`ast` (never imported) and every ``import`` and
``from ... import`` in it, wherever it stands, becomes an edge to the module it names:
``from a.b import c`` goes to the module ``a.b.c`` when there is one (a submodule imported by
name), else to ``a.b`` (a name defined in, or re-exported by, that package's ``__init__``).
Relative imports are resolved against the importing module's package.

How a package ``__init__`` counts. Python runs a package's ``__init__`` before any of its
submodules, so every ``import homegame.engine.hand`` also runs ``homegame/engine/__init__.py``,
which re-exports ``Hand`` from ``hand.py``. Counting that implicit step as an edge would put
every facade package in a circle with each of its submodules, and the test would say nothing
about the real dependencies. So the implicit import of parent packages is not an edge; a package
``__init__`` is a facade above its submodules: its own imports of them count (edges down), and
so does any explicit import of the package by name (``from homegame.engine import Hand`` inside
``engine/hand.py`` would be caught as a circle: ``engine`` imports ``engine.hand``). An
``__init__`` that imports its submodules by walking its own directory
(``pkgutil.iter_modules(__path__)``, as ``engine/steps`` does to register every step kind)
imports each of them, and counts so: a step module may therefore never import its package, and
takes what it needs from ``steps/base.py``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src"


def _modules() -> dict[str, Path]:
    """Every module of homegame by dotted name (a package by its own name)."""
    modules = {}
    for path in sorted((SOURCE / "homegame").rglob("*.py")):
        parts = path.relative_to(SOURCE).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


MODULES = _modules()


def _owner(name: str) -> str | None:
    """The most specific homegame module ``name`` names (``a.b.C`` is the module ``a.b``)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str, path: Path) -> Iterator[str]:
    """The homegame modules ``module`` imports, anywhere in its code."""
    source = path.read_text()
    tree = ast.parse(source, str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if (owner := _owner(alias.name)) is not None:
                    yield owner
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                named = f"{base}.{alias.name}"
                owner = named if named in MODULES else _owner(base)
                if owner is not None:
                    yield owner
    if path.name == "__init__.py" and "iter_modules(__path__)" in source:
        yield from (other for other in MODULES if other.rpartition(".")[0] == module)


def import_graph() -> dict[str, set[str]]:
    """Each homegame module and the homegame modules it imports (itself left out)."""
    return {module: set(_imports(module, path)) - {module} for module, path in MODULES.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` as the path that closes it (``[a, b, a]``), or ``[]``.

    >>> find_cycle({"a": {"b"}, "b": {"c"}, "c": set()})
    []
    >>> find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})
    ['a', 'b', 'c', 'a']
    """
    done: set[str] = set()
    for root in sorted(graph):
        if root in done:
            continue
        path = [root]
        pending = [iter(sorted(graph[root]))]
        while pending:  # bounded: every module joins the path at most once, and leaves it done
            following = next(pending[-1], None)
            if following is None:
                done.add(path.pop())
                pending.pop()
            elif following in path:
                return [*path[path.index(following) :], following]
            elif following not in done and following in graph:
                path.append(following)
                pending.append(iter(sorted(graph[following])))
    return []


def test_the_walk_sees_every_kind_of_import() -> None:
    """The graph holds the imports a circle could hide in: a ``TYPE_CHECKING`` block, a function
    body, a package walking its directory."""
    graph = import_graph()
    assert "homegame.engine.steps.base" in graph["homegame.engine.steps.deal"]  # top level
    assert "homegame.engine.steps.showdown" in graph["homegame.engine.steps.follow"]  # inside check_game
    assert "homegame.bots.base" in graph["homegame.bots.caller"]  # under TYPE_CHECKING
    assert "homegame.engine.steps.deal" in graph["homegame.engine.steps"]  # pkgutil.iter_modules
    assert "homegame.engine.hand" in graph["homegame.engine"]  # a facade's own re-export


def test_no_import_circle_inside_homegame() -> None:
    cycle = find_cycle(import_graph())
    assert not cycle, "import circle: " + " -> ".join(cycle)


def test_nothing_imports_the_command_line_but_main() -> None:
    # Issue 32: the functions the subcommands share live in homegame.commands.shared; homegame.cli
    # is the door only __main__ opens.
    graph = import_graph()
    assert sorted(module for module, imported in graph.items() if "homegame.cli" in imported) == ["homegame.__main__"]


STEPS = "homegame.engine.steps"
STEP_SHARED = {STEPS, f"{STEPS}.base"}
"""The steps' package and the base every step kind builds on: the hooks, Contest, the dealer."""

KNOWN_STEP_IMPORTERS = {"homegame.history.replay"}
"""Modules outside engine/steps that still import a step module: the history reader of files,
which builds games of steps from what a file says (antes, blinds, a deal, a draw, a showdown
that knows who mucked). The known exception, to move to hooks next; the list may only shrink:
a module that no longer imports one must leave it."""


def test_only_the_steps_import_a_step_module() -> None:
    # Issue 32: "No module outside engine/steps imports a step module". What the rest of the
    # program wants of a step it asks through the hooks of steps/base.py (Step.judging,
    # Step.dealt, Step.preview, Step.award_words, ...), whose neutral answers every kind inherits.
    graph = import_graph()
    importers = {
        module
        for module, imported in graph.items()
        if not module.startswith(f"{STEPS}.")
        and module != STEPS
        and any(name.startswith(f"{STEPS}.") and name not in STEP_SHARED for name in imported)
    }
    assert importers == KNOWN_STEP_IMPORTERS
