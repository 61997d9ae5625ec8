"""Play and replay: a whole game on the page, the guided first game and a saved game stepped through."""
