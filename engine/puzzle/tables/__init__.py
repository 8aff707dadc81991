"""The sliding puzzle's precomputed tables: pattern databases (:mod:`~engine.puzzle.tables.pdb`), the optimal
solver's table set (:mod:`~engine.puzzle.tables.optimal_tables`), their checks
(:mod:`~engine.puzzle.tables.check`) and the installation's key for their digests
(:mod:`~engine.puzzle.tables.key`)."""
