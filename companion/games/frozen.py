"""Fast constructors for the frozen, slotted dataclasses on the rules' hot path.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, looked
up anew for every field; the rules bench replays thousands of matches a second and
makes a typed move and an outcome or two for every move. The functions here set the
slots through their descriptors instead: the same values, the same signature, about
half the work. They are made as dataclasses make theirs, from generated source.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, Callable, Sequence


def fast_init(cls: type) -> None:
    """Give a frozen, slotted dataclass an ``__init__`` that sets its slots directly
    (same parameters, defaults and keyword-only fields; ``__post_init__`` still runs)."""
    scope: dict[str, Any] = {"MISSING": MISSING}
    params, kw_only, body = [], [], []
    for f in fields(cls):
        if not f.init:
            continue
        scope[f"set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is not MISSING:
            scope[f"default_{f.name}"] = f.default
            param = f"{f.name}=default_{f.name}"
        elif f.default_factory is not MISSING:
            scope[f"factory_{f.name}"] = f.default_factory
            param = f"{f.name}=MISSING"
            body.append(f"    if {f.name} is MISSING: {f.name} = factory_{f.name}()\n")
        else:
            param = f.name
        (kw_only if f.kw_only else params).append(param)
        body.append(f"    set_{f.name}(self, {f.name})\n")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()\n")
    signature = ", ".join(["self"] + params + (["*"] + kw_only if kw_only else []))
    exec(f"def __init__({signature}):\n{''.join(body) or '    pass'}\n", scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init


def maker(cls: type, names: Sequence[str]) -> Callable[..., Any]:
    """A function of the slots ``names`` (positional, in that order) that makes an
    instance of ``cls`` holding them, with no check and no ``__post_init__``."""
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    args = [f"v{i}" for i in range(len(names))]
    for name, arg in zip(names, args):
        scope[f"set_{arg}"] = getattr(cls, name).__set__
    body = "".join(f"    set_{arg}(made, {arg})\n" for arg in args)
    exec(f"def make({', '.join(args)}):\n    made = new(cls)\n{body}    return made\n", scope)
    return scope["make"]
