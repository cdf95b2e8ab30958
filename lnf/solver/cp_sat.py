"""OR-Tools' CP-SAT, imported without pandas.

`ortools.sat.python.cp_model` imports pandas, about 60 % of its import time (0.15–0.2 s of CPU
on every command that plans), for its `*_series` helpers alone, which lnf never calls. So the
first import goes through a stand-in for pandas that holds the only two names cp_model reads,
`Index` and `Series`; each is a stand-in class that asks the real pandas (imported then) when
it is called or an `isinstance` needs it. Without pandas loaded nothing can be an instance of
it, so cp_model behaves exactly as with pandas: the stand-in only defers the import. Where
pandas is already loaded, or a later cp_model reads another name, the real pandas is used
(docs/performance.md, stop 45).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

_CP_MODEL = "ortools.sat.python.cp_model"


def _pandas() -> types.ModuleType:
    if isinstance(sys.modules.get("pandas"), _StandIn):
        del sys.modules["pandas"]  # asked while cp_model is being imported: the real one now
    return importlib.import_module("pandas")


class _Deferred(type):
    """A pandas class named by cp_model: the real one, imported when first really needed."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return getattr(_pandas(), cls.__name__)(*args, **kwargs)

    def __instancecheck__(cls, instance: Any) -> bool:
        real = sys.modules.get("pandas")
        return real is not None and isinstance(instance, getattr(real, cls.__name__))

    def __subclasscheck__(cls, subclass: Any) -> bool:
        real = sys.modules.get("pandas")
        return real is not None and issubclass(subclass, getattr(real, cls.__name__))


class _StandIn(types.ModuleType):
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(_pandas(), name)  # a name cp_model did not read before: the real one


def _stand_in() -> types.ModuleType:
    module = _StandIn("pandas", "lnf's stand-in until pandas is really needed (lnf.solver.cp_sat)")
    for name in ("Index", "Series"):
        setattr(module, name, _Deferred(name, (), {"__module__": "pandas"}))
    return module


def import_cp_model() -> types.ModuleType:
    """`ortools.sat.python.cp_model`, without importing pandas if it is not yet imported."""
    if _CP_MODEL in sys.modules or "pandas" in sys.modules:
        return importlib.import_module(_CP_MODEL)
    stand_in = _stand_in()
    sys.modules["pandas"] = stand_in
    try:
        return importlib.import_module(_CP_MODEL)
    finally:
        if sys.modules.get("pandas") is stand_in:  # a later `import pandas` gets the real one
            del sys.modules["pandas"]


import_cp_model()

# The modules of the package take cp_model from here, so the first import is the one above.
from ortools.sat.python import cp_model  # noqa: E402
from ortools.sat.python.cp_model import IntVar  # noqa: E402

__all__ = ["IntVar", "cp_model", "import_cp_model"]
