"""`@value` records a plain class's fields itself (start-up: `lnf.values._record_fields`); what
it records is what `dataclasses.dataclass` would, for every `@value` class of lnf and for the
kinds of field lnf writes, and a class it cannot be sure of goes to dataclasses."""

from __future__ import annotations

import subprocess
import sys
import types

import pytest

# Every module of lnf imported with `_record_fields` checked against dataclasses: each class is
# copied before it is recorded, the copy given to dataclasses, and the two compared.
_EVERY_CLASS = r"""
import copy, dataclasses, importlib, pkgutil, sys
import lnf, lnf.values as values

recorded = values._record_fields
seen = []

def described(cls):
    fields = [
        (f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.hash, f.compare,
         dict(f.metadata), f.kw_only, f._field_type)
        for f in cls.__dataclass_fields__.values()
    ]
    own = {n: cls.__dict__.get(n, "absent") for n in cls.__dict__.get("__annotations__", {})}
    return fields, cls.__match_args__, repr(cls.__dataclass_params__), own

def checked(cls, kw_only):
    space = {
        k: copy.copy(v) if isinstance(v, dataclasses.Field) else v
        for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")
    }
    twin = dataclasses.dataclass(
        type(cls.__name__, cls.__bases__, space), init=False, repr=False, eq=False,
        kw_only=kw_only,
    )
    if not recorded(cls, kw_only):
        return False
    assert described(cls) == described(twin), cls
    seen.append(cls.__qualname__)
    return True

values._record_fields = checked
for info in pkgutil.walk_packages(lnf.__path__, "lnf."):
    if info.name != "lnf.__main__":  # that one runs the command
        try:
            importlib.import_module(info.name)
        except ModuleNotFoundError as missing:  # an optional extra (the cluster's)
            assert missing.name.split(".")[0] in ("distributed", "dask", "matplotlib"), missing
print(len(seen))
"""


def test_every_value_class_of_lnf_records_what_dataclasses_would() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _EVERY_CLASS], capture_output=True, text=True, check=True
    )
    assert int(out.stdout.split()[-1]) > 100  # of the 126 @value classes of lnf


def _module(source: str) -> types.ModuleType:
    module = types.ModuleType("lnf_test_values_module")
    sys.modules[module.__name__] = module
    try:
        exec(compile(source, module.__name__, "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


def test_a_class_var_or_an_init_var_goes_to_dataclasses() -> None:
    for marker in (
        "from typing import ClassVar\nCV = ClassVar",
        "import typing",
        "from dataclasses import InitVar",
        "import dataclasses",
    ):
        module = _module(
            "from __future__ import annotations\n"
            f"{marker}\n"
            "from lnf.values import value\n"
            "@value\n"
            "class Counted:\n"
            "    size: int = 1\n"
            "    made: ClassVar[int] = 0\n"
        )
        import dataclasses

        # with the marker in its module, `made` is a ClassVar to dataclasses (or, with a module
        # name only, a field as dataclasses sees it): either way as dataclasses says
        names = [f.name for f in dataclasses.fields(module.Counted)]
        assert names == (["size"] if "ClassVar" in marker else ["size", "made"]), marker


def test_a_mutable_default_or_a_field_without_annotation_is_refused_as_by_dataclasses() -> None:
    with pytest.raises(ValueError, match="mutable default"):
        _module(
            "from __future__ import annotations\n"
            "from lnf.values import value\n"
            "@value\n"
            "class Bad:\n"
            "    items: list[int] = []\n"
        )
    with pytest.raises(TypeError, match="no type annotation"):
        _module(
            "from __future__ import annotations\n"
            "from dataclasses import field\n"
            "from lnf.values import value\n"
            "@value\n"
            "class Bad:\n"
            "    size: int = 1\n"
            "    items = field(default=0)\n"
        )
