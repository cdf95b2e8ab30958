"""What a DM (and a player) reads: the grid, the plan, whose turn it is, the fight told as a
transcript, the odds report and plot, the glossary. Views read records; they decide no rule."""
