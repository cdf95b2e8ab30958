"""Many fights and what they say (`lnf odds`): playing them, tallying them, the greedy monsters
to compare against and the plan cache that makes thousands of fights cheap."""
