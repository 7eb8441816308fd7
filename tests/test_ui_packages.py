"""The two faces of a game, the dashboard (companion/dashboard) and the web page
(companion/web), import nothing of each other: what both need (the board view, the QR
text) lives below them, in companion.board and companion.qr.

Every import counts, read with ``ast`` from the sources: at module level or inside a
function, and under ``if TYPE_CHECKING:`` too (an annotation is a dependency as well).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UI = ("companion.dashboard", "companion.web")


def imported(path: Path, package: str) -> list[tuple[int, str]]:
    """(line, module) of every import in the module at ``path`` (in ``package``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:   # relative: from the module's package up
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.mark.parametrize("package", UI)
def test_a_ui_package_imports_nothing_of_the_other(package):
    other = next(p for p in UI if p != package)
    folder = ROOT / Path(*package.split("."))
    crossing = []
    for path in sorted(folder.rglob("*.py")):
        here = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        here = here.removesuffix(".__init__") if path.name == "__init__.py" else here
        own = here if path.name == "__init__.py" else here.rpartition(".")[0]
        crossing += [f"{path.relative_to(ROOT)}:{line} imports {module}"
                     for line, module in imported(path, own) if within(module, other)]
    assert not crossing, "\n".join(crossing)


def test_the_scan_sees_every_kind_of_import(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from companion.web.server import WebView\n"
                      "def f():\n    import companion.web.qr\n"
                      "from ..web import state\n")
    assert sorted(imported(source, "companion.dashboard")) == [
        (1, "typing.TYPE_CHECKING"), (3, "companion.web.server.WebView"),
        (5, "companion.web.qr"), (6, "companion.web.state")]
