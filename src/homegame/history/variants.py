"""The PHH variant codes and the catalogue games they name.

The standard has eleven codes, each one game in one betting structure. A hand of any other game
(or of one of these with a house rule the standard does not know) is written with the game's own
catalogue name as its variant, lower case, so it can never be taken for a standard code.

>>> CODES["F7S/8"], code_of("razz")
('stud-hi-lo', 'FR')
>>> code_of("pineapple") is None
True
"""

from __future__ import annotations

__all__ = ["CODES", "code_of"]

CODES: dict[str, str] = {
    "FT": "limit-holdem",
    "NT": "holdem",
    "NS": "short-deck",
    "PO": "omaha",
    "FO/8": "omaha-hi-lo",
    "F7S": "stud",
    "F7S/8": "stud-hi-lo",
    "FR": "razz",
    "N2L1D": "2-7-single-draw",
    "F2L3D": "2-7-triple-draw",
    "FB": "badugi",
}
"""Each standard code and the catalogue game it names."""

_NAMES = {name: code for code, name in CODES.items()}


def code_of(name: str) -> str | None:
    """The standard code of a catalogue game, or ``None`` when the standard has none."""
    return _NAMES.get(name)
