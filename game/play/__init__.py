"""Maze play screens: one level played alone (campaign, code, daily), in the light or the dark."""
