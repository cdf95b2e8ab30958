"""A package lnf needs, missing from the Python it runs in, is said as such (exit 2, the way to
mend it), not as a bug in lnf; an import of lnf's own code that fails still is one (exit 70)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
X1 = ROOT / "examples" / "wight-and-skeletons.yaml"


def _lnf_without(module: str, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`lnf ARGS` in a Python where importing `module` fails as for a package not installed."""
    code = (
        f"import sys; sys.modules[{module!r}] = None\nfrom lnf.cli import main\nmain(sys.argv[1:])"
    )
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=home
    )


def test_plan_without_or_tools_says_what_to_install(tmp_path: Path) -> None:
    done = _lnf_without("ortools", tmp_path, "plan", str(X1))
    assert done.returncode == 2, done.stderr
    assert "a package lnf needs is missing or broken in this Python (ortools:" in done.stderr
    assert "pip install" in done.stderr
    assert "Traceback" not in done.stderr and "bug" not in done.stderr
    assert not (tmp_path / ".cache" / "lnf" / "bugs").exists()  # nothing to send


def test_show_needs_no_or_tools(tmp_path: Path) -> None:
    done = _lnf_without("ortools", tmp_path, "show", str(X1))
    assert done.returncode == 0, done.stderr


def test_lnf_s_own_module_failing_to_import_is_a_bug(tmp_path: Path) -> None:
    done = _lnf_without("lnf.solver", tmp_path, "plan", str(X1))
    assert done.returncode == 70, done.stderr
    assert "this is a bug in lnf" in done.stderr
    assert list((tmp_path / ".cache" / "lnf" / "bugs").iterdir())
