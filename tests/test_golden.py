"""Golden level codes: code -> SHA-256 of the passages.

These digests pin the maze every code produces, on any machine, Python 3.11+,
numpy 1.26 or 2.x, any PYTHONHASHSEED.  They were computed once when the format
was fixed.  NEVER regenerate them to make a test pass: a failure here means a
change broke every shared code of that kind; fix the change instead.
"""

from __future__ import annotations

import pytest

from engine.maze.recipe import MazeSpec

GOLDEN = [
    ("M1.S12X9.GT.N4R#RS-D", "275b7e4a0957b23571a5cf810d4b4cb2912aec683fda4acff21b4caaaa3dc731"),
    ("M1.H10X8.GT.N4R#ST-O", "8cde08a210cbba55cb1c6e91888bc28cc5408895977c1c6e052a52e4e750815b"),
    ("M1.T14X9.GT.N4R#TU-4", "7d9594e5007acd6a14e1354fe8e2117bd36eba089518bda18b76a19f236ef6c0"),
    ("M1.P6X7.GT.N4R#UV-V", "78b46c0d28244ced4365387d0a24ffb2418e9eb267a22ef22d22691ad49cae56"),
    ("M1.U9X7.GT.N4R#VW-F", "daad3101551a7aa81f2923bab79e089011f7420045b049fce2f777033289d4bf"),
    ("M1.S12X9.BT#WX-W", "f5e1ce403d11f91a185ef921d1ddc8a2ef533d99114d7c145002d950ecc99846"),
    ("M1.H10X8.BT#XY-M", "a993542efbbbf8fe51d53752714c6a63052dea6d0242e99413f584710adcf1d3"),
    ("M1.T14X9.BT#YZ-K", "79a6bf36dbe04295482e563e135d6295335cc3be653c2c88f76f5dc6fb216c73"),
    ("M1.P6X7.BT#100-M", "ebb23a4d02ea3431e03296c265186f64e9eaf9d39568d26f6c4c8329b3a4d40e"),
    ("M1.U9X7.BT#111-6", "a331cd4932a6859d0690adea7bf21f95118a42b237e8a3ee98cd2c8f75511e19"),
    ("M1.S12X9.PR#122-Y", "acd8b44a4f7a4f215a4d804a44254c8e296e08b0c4a43af5abbe6f453a5ebc0d"),
    ("M1.H10X8.PR#133-9", "c506c47de6bd6982422bd2a7180019dfe0ea56b31f8b27711a88704f4da2b9d8"),
    ("M1.T14X9.PR#144-P", "374d2a4c314d2b7c0f94f1028d76dd5478ba5c0c672b8950350da9d0f7af8c83"),
    ("M1.P6X7.PR#155-G", "c41a5031de32784f1ca43a104de313472e0fdd168d3dbb8280448f1ca6f2f562"),
    ("M1.U9X7.PR#166-0", "e4187fa9bddaa309024cfd803dd9e0cb26a1c0935cf3be7b03105181dfd74061"),
    ("M1.S12X9.PS#177-I", "c7d8edc64dc90e81cb8f3a1aaf8d34ab395f39efde21ecabaaba0ca7a906fc76"),
    ("M1.H10X8.PS#188-T", "04f32876a8d1930eeb36116adaaaae0d586bfe8ebcd8996b28b829a9a5f44898"),
    ("M1.T14X9.PS#199-9", "34bd9f3adc616f798c18f1fba5be1b6dbee59c8b171c468fc9a7010fba1a92cf"),
    ("M1.P6X7.PS#1AA-0", "fcd91a8ea5f286834a0ce56246dc86917754fc47363cefd2362308f08c665f54"),
    ("M1.U9X7.PS#1BB-K", "059bdb7f29654260fb7046cdbe7d3f2d1f3e4a663e1ab06f01ee0a7dcdf89075"),
    ("M1.S12X9.AB#1CC-F", "6a6ef6351cb3e0aacc60fbd7d6856a8199f8dd1337c6ebddb7b4a550db933eee"),
    ("M1.H10X8.AB#1DD-Q", "de823ad1097e101f73eb9c66660d53a906121b171c4798dc603fc7398cbf379a"),
    ("M1.T14X9.AB#1EE-6", "73f99db2fb6c92a005e67dbb753b2f586f108e54f4a48af4c47ded113ce7852a"),
    ("M1.P6X7.AB#1FF-X", "50a3afcdfe82a0e3c6cfe68ce0d6ce853fa5dbc57bbcd5b9b102d0e8e4081323"),
    ("M1.U9X7.AB#1GG-H", "a0f18023f053f92eda04171c6544ba2134500a8e8a123ec7c8094b5bfc079ea8"),
    ("M1.S12X9.WI#1HH-K", "6bfa51ee6c0843f0ba040f92818d64726b3d9fb677a7de15640184f37876e67b"),
    ("M1.H10X8.WI#1II-U", "b639f134a8497f8cd3d83cdb2d9af678c12c1b2edba9073958943b7e4099394a"),
    ("M1.T14X9.WI#1JJ-A", "db3ea0fe48f976992dc2384df731ef575a15c30a615a9f591c81675d126a82e4"),
    ("M1.P6X7.WI#1KK-1", "ef5bd51940b51e891d59872169ccde4b59a29916b161a3ebd534858fe211cf38"),
    ("M1.U9X7.WI#1LL-L", "0e8d81b2e2991dea5bb2a0ddfcb1cac9989963971b3f80fd0aa69e8f34da064f"),
    ("M1.S12X9.HK#1MM-X", "164e44ba86c040a2f6b945dd5db269e966c06b2517738a0bde106d90e2171604"),
    ("M1.H10X8.HK#1NN-8", "1763befa57de64764fb01cdfa12569ebd309a26b2517c858828613c6878d6201"),
    ("M1.T14X9.HK#1OO-O", "3f34e5785d1d0e17c90253bc28d10e4f759f115dba8ff0a488db1cbbd20ea387"),
    ("M1.P6X7.HK#1PP-F", "295fdea4fb7e89df34b17ddeb11663bdd6a6db0f175ca5a6b704964d38744141"),
    ("M1.U9X7.HK#1QQ-Z", "27893efd5d5f51d2cb01cc1037bc3e7f8f2c4e51580dc99dd426734eed4e702a"),
    ("M1.S12X9.KR#1RR-4", "6928f64bb7148f721c3909b1e176bb44ecd9e6d0ebacceb941800796916cc945"),
    ("M1.H10X8.KR#1SS-F", "a7a6f942ccf261e0a1d31d90fcf2cd9b8299a5935b4ce3f5512f811a36e49a23"),
    ("M1.T14X9.KR#1TT-V", "d1b4bd68df58c4efee1bad4683a13fa68bd8273c363d1da567da3ce9c1dcf6e9"),
    ("M1.P6X7.KR#1UU-M", "3339810226aafbd863299a51450e3f139d77fe83daf06837807f6dbd7f3e4e8c"),
    ("M1.U9X7.KR#1VV-6", "fef3cfdbc81fa33b8645c1662416e38c263ffd8b21718b293b63eec209e3d014"),
    ("M1.S12X9.BI#1WW-H", "7f4a5135c0f1db2a496a977c98d1fad8566b3426ab526f137f989a8df20bc7f5"),
    ("M1.H10X8.BI#1XX-S", "b5386c4ba6ec519bd2ec596d9dc701b107f87c2885c19714eb7be6707d29b8ec"),
    ("M1.P6X7.BI#1YY-2", "bcc9eca6420b8670475f263d1bc8ffb38659728081d6de8a4ab6b2c539f7440e"),
    ("M1.S12X9.SW#1ZZ-V", "2d54e257a52a217101fd2be761e674ff5e5f705b8e98f2894596cfb43f510ee7"),
    ("M1.H10X8.SW#210-4", "181655249967af65ad1b653d152ad0b6279e2dea2668afe01224b1da45855535"),
    ("M1.P6X7.SW#221-E", "731ea53fbfd9e046c7c9c6e11c7c80f39cddf2d23b77d4f9797d333d77aff42c"),
    ("M1.S12X9.EL#232-O", "b7df6d5c608b34469965695f7d22f6d378568ff68aaaf2e3c04f51d7e6284afb"),
    ("M1.P6X7.EL#243-C", "01ea779385784d133d8a470dbcebcf9f22f2091c475c21cb3550f875d30c9ea1"),
    ("M1.S12X9.DV#254-A", "4b09763abfea34f025adcc1e1d6dcecfcc746c928b8e884cacbd2b13079413d2"),
    ("M1.S30X20.GT.N3R.B50#1Y2P0IJ32E8ED-B", "ef9440e3f99a9fc8cdc2e30ffe0057e453a33756ecd02d19de81360ade0e6b6e"),
    ("M1.H16X12.GT.O.B20#25-W", "49d3b07bed157c12dab3189d0b92e59eb345a04a6cc005ff0d6b70b8b53a1fb1"),
    ("M1.P8X10.WI.B100#21I3V9-S", "3db8099f0bdaa450944f1fecf55c3aa257aa0f3cfe3482bf89e0fd365d062666"),
    ("M1.U11X11.KR.B35#4-K", "525416fa5d5b25bdc5d7e5979e4eac991488d0e1ec4fa2d9bcbda0e2247ef20b"),
    ("M1.T20X12.GT.Q#9-4", "a541f407a00f02062bfc155a74db9776cf7f40c508a0771167610b18351072e6"),
    ("M1.S200X150.EL#O6H-3", "3b35ed5cb3efb0c079cd6529018c8fe223e64f004972e125c2a07170f5dbd952"),
    ("M1.H25X20.GT.R2OQ5#1KA-B", "07f7d1aaf59146e927d6136ae442c24c7091a89ac34764d956b71c19050f4393"),
]


@pytest.mark.parametrize(("code", "digest"), GOLDEN, ids=[c for c, _ in GOLDEN])
def test_golden_digest(code, digest):
    spec = MazeSpec.from_code(code)
    assert spec.code() == code
    assert spec.build().digest() == digest


def test_golden_set_covers_every_shape_and_generator():
    from engine.maze.generators import GENERATORS
    from engine.maze.grids import SHAPES

    specs = [MazeSpec.from_code(c) for c, _ in GOLDEN]
    assert {s.shape for s in specs} == set(SHAPES)
    assert {s.algorithm for s in specs} == set(GENERATORS)
    assert any(s.braid for s in specs) and len(GOLDEN) >= 20
