"""Speed work must not change a single maze: grids and generators against digests of the old code.

``tests/data/equality_digests.json`` was computed once from commit 34d3069 (before the
issue-12 speed work on grids and generators) by ``tests/equality_cases.py``.  Each case pins
every grid array, or the passages of one generator run plus the next word of the random
stream (so the draws consumed are pinned as well).  Never regenerate the file to pass.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from tests import equality_cases as cases

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "equality_digests.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("shape", "w", "h"), list(cases.grid_cases()))
def test_grid_arrays_identical(shape: str, w: int, h: int) -> None:
    assert cases.grid_digest(shape, w, h) == DATA["grids"][cases.key(shape, w, h)]


GEN = list(cases.gen_cases())


#: The generators the stored digests pin (the snapshot names them; a generator added later has no "before").
PINNED = {c.split("|")[3] for c in DATA["generators"]}
PINNED_GEN = [c for c in GEN if c[3] in PINNED]


def test_every_case_has_a_stored_digest() -> None:
    assert {cases.key(*c) for c in PINNED_GEN} == set(DATA["generators"])
    assert len(PINNED_GEN) > 1500


@pytest.mark.parametrize("shape", list(cases.GEN_SIZES))
def test_generators_identical(shape: str) -> None:
    bad = [c for c in PINNED_GEN if c[0] == shape and cases.gen_digest(*c) != DATA["generators"][cases.key(*c)]]
    assert not bad, f"{len(bad)} cases differ, e.g. {bad[:5]}"
