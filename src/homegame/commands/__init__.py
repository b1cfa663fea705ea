"""The subcommands of ``homegame``, one module each (see :data:`homegame.cli.COMMANDS`).

A module's top level imports only what building its parser needs, so that the
command line starts fast; its handler imports the rest when it runs.
"""
