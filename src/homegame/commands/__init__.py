"""The subcommands of ``homegame``, one module each (see :data:`homegame.cli.COMMANDS`).

A module's top level imports only what building its parser needs, so that the
command line starts fast; its handler imports the rest when it runs.
"""

SEATS = "seats count from 1, as the table shows them (1 is you in a hand saved by homegame play)"
"""How every command counts seats, for its ``--help``: as the play screen, the browser table and
PHH's p1..pN do (:func:`homegame.commands.shared.seat_index` turns such a number into the engine's index)."""
