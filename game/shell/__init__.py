"""The shell: menu, campaign map, settings, help, code entry, loading, pause and win screens."""
