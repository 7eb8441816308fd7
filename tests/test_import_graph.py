"""The import graph of the app's packages (companion, vision, calibration), read with
``ast`` from the sources, nothing imported:

- only companion/cli.py imports a command module (companion.commands.*);
- vision/, calibration/ and the decks import nothing of the games (the layer above
  passes game constants down), and the decks nothing of vision/ or calibration/;
- no two modules import each other, directly or round a longer loop, and no two
  packages either (companion's subpackages, each of companion's own modules, vision,
  calibration: a loop of packages is a loop of layers even where no module loop closes);
- the two faces of a game, the dashboard and the web page, import nothing of each other
  (what both need lives below them: companion.board, companion.qr);
- nothing the live table stands on (the rules, the session, the registry, the words, the
  decks, the camera's reading of the table) imports it: it is the one path for a move,
  above them all.

Every import statement counts, at module level or inside a function (a function-local
import only puts the dependency off until the call, it is still one), and under
``if TYPE_CHECKING:`` too (an annotation is a dependency as well). An import of ``a.b.c``
is an edge to the module ``a.b.c`` only, not to the packages ``a`` and ``a.b`` that
Python loads first.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "vision", "calibration")


@dataclass(frozen=True)
class Import:
    source: str        # the importing module
    target: str        # the imported module (one of ours)
    line: int
    type_checking: bool


def module_names(root: Path, packages=PACKAGES) -> dict[str, Path]:
    names = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names[".".join(parts)] = path
    return names


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """Every import of one of ``modules`` in the module ``name`` (its file ``path``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def ours(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    found: list[Import] = []

    def visit(node: ast.AST, type_checking: bool) -> None:
        for child in ast.iter_child_nodes(node):
            guarded = type_checking or (isinstance(child, ast.If)
                                        and "TYPE_CHECKING" in ast.unparse(child.test))
            targets: list[str] = []
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[:len(package.split(".")) - child.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                # ``from a.b import c``: the module a.b.c if there is one, else a.b
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules
                           else base for alias in child.names]
            for target in targets:
                module = ours(target)
                if module is not None and module != name:
                    found.append(Import(name, module, child.lineno, type_checking))
            visit(child, guarded if isinstance(child, ast.If) else type_checking)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), False)
    return found


def import_graph(root: Path = ROOT, packages=PACKAGES) -> list[Import]:
    modules = module_names(root, packages)
    return [imp for name, path in modules.items() for imp in imports_of(name, path, modules)]


def cycles(imports: list[Import]) -> list[list[str]]:
    """The import loops (strongly connected components of more than one module), each
    sorted."""
    edges: dict[str, set[str]] = {}
    for imp in imports:
        edges.setdefault(imp.source, set()).add(imp.target)
        edges.setdefault(imp.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops: list[list[str]] = []

    def connect(v: str) -> None:   # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                loops.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return loops


def package_of(module: str, root: Path = ROOT) -> str:
    """The package a module belongs to, for the package-level graph: companion's
    subpackage (companion.games), or the module itself for companion's own modules
    (companion.reconcile); vision and calibration are one package each."""
    parts = module.split(".")
    if parts[0] != "companion" or len(parts) == 1:
        return parts[0]
    return ".".join(parts[:2]) if (root / "companion" / parts[1]).is_dir() else module


def package_graph(imports: list[Import], root: Path = ROOT) -> list[Import]:
    """The imports between packages (one per module import that crosses packages)."""
    return [Import(package_of(i.source, root), package_of(i.target, root), i.line,
                   i.type_checking) for i in imports
            if package_of(i.source, root) != package_of(i.target, root)]


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _show(imports: list[Import]) -> str:
    return "\n".join(f"{imp.source} (line {imp.line}) imports {imp.target}" for imp in imports)


GRAPH = import_graph()


def test_the_graph_is_read_from_every_module():
    sources = {imp.source for imp in GRAPH}
    assert {"companion.commands.play", "companion.simulator.direct", "calibration.table_map",
            "vision.detect"} <= sources
    assert any(imp.target.startswith("companion.games") for imp in GRAPH)


def test_only_the_command_line_imports_the_commands():
    wrong = [imp for imp in GRAPH if _within(imp.target, "companion.commands")
             and imp.source != "companion.cli"]
    assert not wrong, "\n" + _show(wrong)


def test_vision_calibration_and_the_decks_know_no_games():
    lower = ("vision", "calibration", "companion.decks")
    wrong = [imp for imp in GRAPH if any(_within(imp.source, p) for p in lower)
             and _within(imp.target, "companion.games")]
    assert not wrong, "\n" + _show(wrong)


def test_the_decks_know_no_camera():
    wrong = [imp for imp in GRAPH if _within(imp.source, "companion.decks")
             and (_within(imp.target, "vision") or _within(imp.target, "calibration"))]
    assert not wrong, "\n" + _show(wrong)


def test_no_import_cycles():
    assert cycles(GRAPH) == []


def test_no_package_imports_another_that_imports_it_back():
    loops = cycles(package_graph(GRAPH))
    arrows = [imp for imp in GRAPH for loop in loops
              if package_of(imp.source) in loop and package_of(imp.target) in loop
              and package_of(imp.source) != package_of(imp.target)]
    assert loops == [], "\n" + _show(arrows)


UI = ("companion.dashboard", "companion.web")


def test_the_dashboard_and_the_web_page_import_nothing_of_each_other():
    wrong = [imp for imp in GRAPH for here, other in (UI, UI[::-1])
             if _within(imp.source, here) and _within(imp.target, other)]
    assert not wrong, "\n" + _show(wrong)


LIVE_TABLE = "companion.live_table"
BELOW_THE_LIVE_TABLE = ("companion.games", "companion.session", "companion.registry",
                        "companion.messages", "companion.decks", "companion.adapters",
                        "companion.reconcile", "companion.tracker", "companion.journal_rewrite",
                        "companion.board", "companion.omerta", "companion.said", "vision",
                        "calibration")


def test_nothing_the_live_table_stands_on_imports_it():
    wrong = [imp for imp in GRAPH if imp.target == LIVE_TABLE
             and any(_within(imp.source, p) for p in BELOW_THE_LIVE_TABLE)]
    assert not wrong, "\n" + _show(wrong)


def test_the_checks_see_loops_local_imports_relative_ones_and_type_checking(tmp_path):
    """The reader itself, on a made-up package: a loop closed by a function-local
    import is found, and one closed under TYPE_CHECKING; a loop of packages is found
    where no module loop closes."""
    pkg = tmp_path / "companion"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from companion.b import thing\n")
    (pkg / "b.py").write_text("def thing():\n    from . import a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from companion.d import D\n")
    (pkg / "d.py").write_text("import companion.c\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "low.py").write_text("from companion import e\n")
    (pkg / "sub" / "high.py").write_text("")
    (pkg / "e.py").write_text("import companion.sub.high\n")
    graph = import_graph(tmp_path, ("companion",))
    assert {(i.source, i.target, i.type_checking) for i in graph} == {
        ("companion.a", "companion.b", False), ("companion.b", "companion.a", False),
        ("companion.c", "companion.d", True), ("companion.d", "companion.c", False),
        ("companion.sub.low", "companion.e", False),
        ("companion.e", "companion.sub.high", False)}
    assert cycles(graph) == [["companion.a", "companion.b"], ["companion.c", "companion.d"]]
    assert ["companion.e", "companion.sub"] in cycles(package_graph(graph, tmp_path))
