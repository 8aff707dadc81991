"""Golden version-2 codes: code -> SHA-256, pinned once from what the version-1 twin builds.

Every v2 code below has a v1 twin with the same fields (``M1``/``R1``/``G1``/``P1``
and the Luhn check character).  The digests were computed ONCE from the maze (or
board) the v1 twin builds, with the same digest function as tests/test_golden.py
(``Maze.digest()``; boards: SHA-256 of ``repr(tiles)``; ghosts: also SHA-256 of
``repr(moves)``), so these tests check that v1 and v2 of the same level are
identical.  NEVER regenerate them to make a test pass.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

import pytest

from engine.codes import decode_any
from engine.modes.ghost import Ghost

MAZE_V2 = [
    ("M2.S12X9.GT.N4R#RS-KY", "275b7e4a0957b23571a5cf810d4b4cb2912aec683fda4acff21b4caaaa3dc731"),
    ("M2.T14X9.GT.N4R#TU-L2", "7d9594e5007acd6a14e1354fe8e2117bd36eba089518bda18b76a19f236ef6c0"),
    ("M2.U9X7.GT.N4R#VW-K6", "daad3101551a7aa81f2923bab79e089011f7420045b049fce2f777033289d4bf"),
    ("M2.H10X8.BT#XY-GJ", "a993542efbbbf8fe51d53752714c6a63052dea6d0242e99413f584710adcf1d3"),
    ("M2.P6X7.BT#100-G6", "ebb23a4d02ea3431e03296c265186f64e9eaf9d39568d26f6c4c8329b3a4d40e"),
    ("M2.S12X9.PR#122-HS", "acd8b44a4f7a4f215a4d804a44254c8e296e08b0c4a43af5abbe6f453a5ebc0d"),
    ("M2.T14X9.PR#144-HK", "374d2a4c314d2b7c0f94f1028d76dd5478ba5c0c672b8950350da9d0f7af8c83"),
    ("M2.U9X7.PR#166-GM", "e4187fa9bddaa309024cfd803dd9e0cb26a1c0935cf3be7b03105181dfd74061"),
    ("M2.H10X8.PS#188-HQ", "04f32876a8d1930eeb36116adaaaae0d586bfe8ebcd8996b28b829a9a5f44898"),
    ("M2.P6X7.PS#1AA-GN", "fcd91a8ea5f286834a0ce56246dc86917754fc47363cefd2362308f08c665f54"),
    ("M2.S12X9.AB#1CC-HX", "6a6ef6351cb3e0aacc60fbd7d6856a8199f8dd1337c6ebddb7b4a550db933eee"),
    ("M2.T14X9.AB#1EE-HP", "73f99db2fb6c92a005e67dbb753b2f586f108e54f4a48af4c47ded113ce7852a"),
    ("M2.U9X7.AB#1GG-H2", "a0f18023f053f92eda04171c6544ba2134500a8e8a123ec7c8094b5bfc079ea8"),
    ("M2.H10X8.WI#1II-HU", "b639f134a8497f8cd3d83cdb2d9af678c12c1b2edba9073958943b7e4099394a"),
    ("M2.P6X7.WI#1KK-GA", "ef5bd51940b51e891d59872169ccde4b59a29916b161a3ebd534858fe211cf38"),
    ("M2.S12X9.HK#1MM-I5", "164e44ba86c040a2f6b945dd5db269e966c06b2517738a0bde106d90e2171604"),
    ("M2.T14X9.HK#1OO-HX", "3f34e5785d1d0e17c90253bc28d10e4f759f115dba8ff0a488db1cbbd20ea387"),
    ("M2.U9X7.HK#1QQ-GA", "27893efd5d5f51d2cb01cc1037bc3e7f8f2c4e51580dc99dd426734eed4e702a"),
    ("M2.H10X8.KR#1SS-HC", "a7a6f942ccf261e0a1d31d90fcf2cd9b8299a5935b4ce3f5512f811a36e49a23"),
    ("M2.P6X7.KR#1UU-GG", "3339810226aafbd863299a51450e3f139d77fe83daf06837807f6dbd7f3e4e8c"),
    ("M2.S12X9.BI#1WW-H3", "7f4a5135c0f1db2a496a977c98d1fad8566b3426ab526f137f989a8df20bc7f5"),
    ("M2.P6X7.BI#1YY-GZ", "bcc9eca6420b8670475f263d1bc8ffb38659728081d6de8a4ab6b2c539f7440e"),
    ("M2.H10X8.SW#210-HI", "181655249967af65ad1b653d152ad0b6279e2dea2668afe01224b1da45855535"),
    ("M2.S12X9.EL#232-I7", "b7df6d5c608b34469965695f7d22f6d378568ff68aaaf2e3c04f51d7e6284afb"),
    ("M2.S12X9.DV#254-I1", "4b09763abfea34f025adcc1e1d6dcecfcc746c928b8e884cacbd2b13079413d2"),
    ("M2.H16X12.GT.O.B20#25-OB", "49d3b07bed157c12dab3189d0b92e59eb345a04a6cc005ff0d6b70b8b53a1fb1"),
    ("M2.U11X11.KR.B35#4-LI", "525416fa5d5b25bdc5d7e5979e4eac991488d0e1ec4fa2d9bcbda0e2247ef20b"),
    ("M2.S200X150.EL#O6H-KN", "3b35ed5cb3efb0c079cd6529018c8fe223e64f004972e125c2a07170f5dbd952"),
    ("M2.S30X20.GT.N3R.B50#1Y2P0IJ32E8ED-3N", "ef9440e3f99a9fc8cdc2e30ffe0057e453a33756ecd02d19de81360ade0e6b6e"),
    ("M2.P8X10.WI.B100#21I3V9-QI", "3db8099f0bdaa450944f1fecf55c3aa257aa0f3cfe3482bf89e0fd365d062666"),
    ("M2.T20X12.GT.Q#9-IT", "a541f407a00f02062bfc155a74db9776cf7f40c508a0771167610b18351072e6"),
    ("M2.H25X20.GT.R2OQ5#1KA-PK", "07f7d1aaf59146e927d6136ae442c24c7091a89ac34764d956b71c19050f4393"),
]
RACE_V2 = [
    ("R2.H10X8.GT.N4R.RE#ST-O0", "8cde08a210cbba55cb1c6e91888bc28cc5408895977c1c6e052a52e4e750815b"),
    ("R2.T14X9.BT.WN#YZ-JZ", "79a6bf36dbe04295482e563e135d6295335cc3be653c2c88f76f5dc6fb216c73"),
    ("R2.P6X7.PR.TH#155-JN", "c41a5031de32784f1ca43a104de313472e0fdd168d3dbb8280448f1ca6f2f562"),
    ("R2.P6X7.AB.R65#1FF-KY", "50a3afcdfe82a0e3c6cfe68ce0d6ce853fa5dbc57bbcd5b9b102d0e8e4081323"),
    ("R2.P8X10.WI.B100.W5#21I3V9-TP", "3db8099f0bdaa450944f1fecf55c3aa257aa0f3cfe3482bf89e0fd365d062666"),
]
GHOST_V2 = [
    (
        "G2.S12X9.GT.N4R#RS:7133176012321A3172C1205601321A31616CDACDA8721B71649A4560DE321A71760528160-Z1",
        "275b7e4a0957b23571a5cf810d4b4cb2912aec683fda4acff21b4caaaa3dc731",
        "4b2cc1c654ae5b45e6832298340d0b64728adb82ddbc6d746e740fd13eb050d4",
    ),
    (
        "G2.H10X8.BT#XY:B14B176896F21AJ17A45AC5201321AB16D60-NU",
        "a993542efbbbf8fe51d53752714c6a63052dea6d0242e99413f584710adcf1d3",
        "b332fd2b7a7ccffb2037bffa87c1491a53cb8ddd58fcc7b9549ec4081ab059aa",
    ),
    (
        "G2.T14X9.PR#144:67176416321A317A01645201321A316520160528721BB164524160-9G",
        "374d2a4c314d2b7c0f94f1028d76dd5478ba5c0c672b8950350da9d0f7af8c83",
        "070edc7dc128f76d32ddb181e8d438679163dc433797360906741f666b82f7e3",
    ),
    (
        "G2.P6X7.PS#1AA:C120HEF21AF172C1-0N",
        "fcd91a8ea5f286834a0ce56246dc86917754fc47363cefd2362308f08c665f54",
        "6c55c2d2de5fa7751f1e5a961d77a067e067dcb444c3e664c4225b10650f9d0d",
    ),
    (
        "G2.U9X7.AB#1GG:98605A721A317E45A01AG5321A7161AG5E85-NF",
        "a0f18023f053f92eda04171c6544ba2134500a8e8a123ec7c8094b5bfc079ea8",
        "8babaeb1cf69025db53adb8f98cae4cda434ba79b6eaa555447bad871f08203e",
    ),
    (
        "G2.H16X12.GT.O.B20#25:B18AA49A721A717649645689721A7161-QA",
        "49d3b07bed157c12dab3189d0b92e59eb345a04a6cc005ff0d6b70b8b53a1fb1",
        "252f9fdbb3d11efa0348b3ac6476105c20efe917e10617bfec690d2815cb692a",
    ),
]
PUZZLE_V2 = [
    ("P2.3X3.U#B-CF", "6154facdae80f2b150a937ded4cdf8c3dad451015189868538b9f7ad00e67787"),
    ("P2.4X4.U#1KA-DO", "a7adc271bd6767c9f1da75923942f6bd4a4f235d7e8f921c7c8953a02aedc90f"),
    ("P2.5X3.K80#7-DR", "d500bd777b1beb5581c4ae854d959d64b4e680c33053e59f66bf6960c687e14e"),
    ("P2.8X8.K1000#2R-I3", "d340159c96809aaf7c1d8052d2d4ac1ad061d0140c051e543de68cbeaeb6c04f"),
    ("P2.12X12.U#1-E9", "28b379c3c1acd282d2bf835f31bd78679a729c5dd18099dd72ac9abdb042ef55"),
    ("P2.3X3:356O-CQ", "6154facdae80f2b150a937ded4cdf8c3dad451015189868538b9f7ad00e67787"),
    ("P2.4X4:39DVVV05V-J1", "a7adc271bd6767c9f1da75923942f6bd4a4f235d7e8f921c7c8953a02aedc90f"),
]


def _twin_v1(decoded):
    """The same level written in version 1 (same fields, one Luhn check character), decoded again."""
    if decoded.KIND == "ghost":
        twin = replace(decoded, spec=replace(decoded.spec, version=1), version=1)
    elif decoded.KIND == "race":
        twin = replace(decoded, maze=replace(decoded.maze, version=1), version=1)
    else:
        twin = replace(decoded, version=1)
    code = twin.code()
    assert code.startswith(decoded.KIND[0].upper() + "1") and len(code.rsplit("-", 1)[1]) == 1
    assert code.split("-")[0][2:] == decoded.code().split("-")[0][2:]  # same fields
    again = decode_any(code)
    assert again == decoded and again.version == 1
    return again


@pytest.mark.parametrize(("code", "digest"), MAZE_V2, ids=[c for c, _ in MAZE_V2])
def test_maze_v2_golden(code, digest):
    spec = decode_any(code)
    assert spec.KIND == "maze" and spec.version == 2 and spec.code() == code
    assert spec.build().digest() == digest
    assert _twin_v1(spec).build().digest() == digest


@pytest.mark.parametrize(("code", "digest"), RACE_V2, ids=[c for c, _ in RACE_V2])
def test_race_v2_golden(code, digest):
    race = decode_any(code)
    assert race.KIND == "race" and race.code() == code
    assert race.maze.build().digest() == digest
    assert _twin_v1(race).maze.build().digest() == digest


@pytest.mark.parametrize(("code", "digest", "moves"), GHOST_V2, ids=[c[:24] for c, _, _ in GHOST_V2])
def test_ghost_v2_golden(code, digest, moves):
    ghost = decode_any(code)
    assert ghost.KIND == "ghost" and ghost.code() == code
    maze = ghost.build()
    assert maze.digest() == digest
    run = ghost.resolve(ghost.spec.level(maze))
    assert hashlib.sha256(repr(run.moves).encode()).hexdigest() == moves
    assert run.code(ghost.spec.level(maze)) == code and Ghost.from_code(code) == run
    assert _twin_v1(ghost).resolve(ghost.spec.level(maze)).moves == run.moves


@pytest.mark.parametrize(("code", "digest"), PUZZLE_V2, ids=[c for c, _ in PUZZLE_V2])
def test_puzzle_v2_golden(code, digest):
    pc = decode_any(code)
    assert pc.KIND == "puzzle" and pc.code() == code
    assert hashlib.sha256(repr(pc.board.tiles).encode()).hexdigest() == digest
    assert _twin_v1(pc).board == pc.board


def test_v2_golden_set_covers_every_shape_generator_and_kind():
    from engine.maze.generators import GENERATORS
    from engine.maze.grids import SHAPES

    specs = [decode_any(c) for c, _ in MAZE_V2]
    assert {s.shape for s in specs} == set(SHAPES)
    assert {s.algorithm for s in specs} == set(GENERATORS)
    assert len(MAZE_V2) + len(RACE_V2) + len(GHOST_V2) + len(PUZZLE_V2) >= 20
