"""Who decides for the heroes when no table does: a player's words, a script, the hero policy.
Each makes a `TurnChoice` that the engine checks and plays."""
