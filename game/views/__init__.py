"""One arcade View per screen; each holds a :class:`game.context.Context`."""
