"""Playing the fight (S, M6, P6, core-d20 D): the log of events, the state they build, the
runner that plays rounds, and the words that tell it. Never imports OR-Tools: the runner is
handed a planner.
"""
