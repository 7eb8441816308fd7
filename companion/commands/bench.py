"""``companion bench KIND``: speed benchmarks that print numbers (never timed tests)."""

from __future__ import annotations

from importlib import import_module

from companion.cli import COMMANDS

# kind -> module with ``add_arguments(parser)`` and ``run(args) -> int``.
BENCHES = {
    "rules": "companion.bench.rules",
    "vad": "companion.bench.vad",
    "vision": "companion.bench.vision",
    "render": "companion.bench.render",
    "live": "companion.bench.live",
    "web": "companion.bench.web",
    "dashboard": "companion.bench.dashboard",
}


def register(subparsers) -> None:
    p = subparsers.add_parser("bench", help=COMMANDS["bench"],
                              description="Benchmarks of the companion's stages. Each "
                                          "prints what it measured and the goal.")
    kinds = p.add_subparsers(dest="kind", metavar="KIND", required=True)
    for kind, module_name in BENCHES.items():
        module = import_module(module_name)
        about = module.__doc__.replace("``", "'")   # (the docstring's code marks, as quotes)
        sub = kinds.add_parser(kind, help=about.strip().splitlines()[0], description=about)
        module.add_arguments(sub)
        sub.set_defaults(func=module.run)
