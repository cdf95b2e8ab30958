"""The event-sourced fight and the round engine (S, M6, P6, core-d20 D): the state events build
(`apply`), the events in force (`table`), rounds and turns in strike order (`runner`), attacks,
volleys and chases. Never touches a file and never imports OR-Tools: it is handed a planner.
"""
