"""CP-SAT imported without pandas (`lnf.solver.cp_sat`, goal 4 of the performance issue): a
command that plans loads no pandas, and cp_model behaves as it does with pandas, whether pandas
is imported after lnf's solver, before it, or never."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.cli import loaded_by


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_a_command_that_plans_loads_no_pandas(x1_path: Path, tmp_path: Path) -> None:
    fight = tmp_path / "x1.yaml"
    fight.write_text(x1_path.read_text())
    loaded = loaded_by(["plan", str(fight)], ("ortools.sat.python.cp_model", "numpy", "pandas"))
    assert loaded == {"ortools.sat.python.cp_model", "numpy"}


def test_pandas_imported_afterwards_is_the_real_one_and_cp_model_sees_it() -> None:
    out = _run(
        "import sys\n"
        "from lnf.solver.cp_sat import cp_model\n"
        "print('pandas' in sys.modules, isinstance(3, cp_model.pd.Series))\n"
        "import pandas as pd\n"
        "print(pd.__name__, hasattr(pd, 'DataFrame'), pd.Series is not cp_model.pd.Series)\n"
        "m = cp_model.CpModel()\n"
        "s = m.new_int_var_series(name='x', index=pd.Index(range(3)), lower_bounds=0,"
        " upper_bounds=[1, 2, 3])\n"
        "print(type(s) is pd.Series, isinstance(s, cp_model.pd.Series),"
        " isinstance(s.index, cp_model.pd.Index), [list(v.proto.domain) for v in s])\n"
        "print(cp_model.pd.DataFrame is pd.DataFrame)\n"
    )
    assert out.splitlines() == [
        "False False",
        "pandas True True",
        "True True True [[0, 1], [0, 2], [0, 3]]",
        "True",
    ]


def test_series_made_before_pandas_is_imported_import_it() -> None:
    out = _run(
        "import sys\n"
        "from lnf.solver.cp_sat import cp_model\n"
        "s = cp_model.CpModel().new_bool_var_series(name='b', index=cp_model.pd.Index(range(2)))\n"
        "print('pandas' in sys.modules, type(s).__name__, len(s))\n"
    )
    assert out == "True Series 2"


def test_with_pandas_imported_first_cp_model_has_the_real_pandas() -> None:
    out = _run(
        "import pandas\nfrom lnf.solver.cp_sat import cp_model\nprint(cp_model.pd is pandas)\n"
    )
    assert out == "True"
