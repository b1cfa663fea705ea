"""What the command line writes on a stream that cannot show the suit symbols (``PYTHONIOENCODING=ascii``,
output redirected on Windows): the notation's letters, never a failure."""

from __future__ import annotations

import io

import pytest

from homegame import cli


def test_suits_become_letters_where_the_encoding_lacks_them(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr("sys.stdout", stream)
    assert cli.main(["eval", "As 9s 8s 5s Jk", "--wild", "jokers"]) == 0
    stream.flush()
    assert raw.getvalue().decode("ascii").splitlines()[1:3] == [
        "  flush: As Jk 9s 8s 5s",
        "  plays as As Ks 9s 8s 5s",
    ]
