"""The plan's CP-SAT model without OR-Tools' pre-PEP 8 aliases (`solver.model.CpModel`): a clone
of it is the model the library's own clone makes, and it solves the same."""

from __future__ import annotations

from ortools.sat.python import cp_model

from lnf.solver.model import CpModel, PlanModel
from tests.grids import grid


def test_a_clone_is_the_librarys_clone() -> None:
    for seed in range(3):
        plan = PlanModel(grid(3, 8, seed=seed), families=("R6",))
        ours = plan.model.clone()
        theirs = cp_model.CpModel.clone(plan.model)  # the library's steps, its own class
        assert isinstance(plan.model, CpModel) and isinstance(ours, CpModel)
        assert not hasattr(ours, "NewBoolVar")  # no aliases made
        assert str(ours.proto) == str(theirs.proto) == str(plan.model.proto)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        assert solver.solve(ours) == solver.solve(theirs)
