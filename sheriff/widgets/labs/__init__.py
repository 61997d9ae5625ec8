"""The labs: the lessons' "what if?" labs and the game-theory labs (30, 31)."""
