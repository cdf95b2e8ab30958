"""lnf: Late Night Fighting for D&D 5e.

Layers, lowest first: errors, dice, model, rules, solver, runner, io, cli. A layer imports only
the layers below it; only `lnf.solver` imports OR-Tools.
"""

__version__ = "0.1.0"
