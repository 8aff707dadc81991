"""The maze model: grids (tessellations), the maze (passages over a grid's edges), generators,
solvers, weave and shaped grids, statistics, the writers (ASCII/SVG/PNG/JSON) and the maze recipe code.

Pure Python + numpy; nothing here knows about modes, the game or the command line.
"""
