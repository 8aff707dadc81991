"""Sliding-puzzle screens: setup, the board with its panel, hints and auto-solve."""
