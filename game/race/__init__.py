"""Race screens: against an opponent or a ghost, two players on one keyboard, setup and results."""
