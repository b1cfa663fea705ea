"""``python -m homegame`` runs the command line; :func:`run` is the ``homegame`` command.

Nothing of homegame is loaded before :func:`run` starts (the package imports its names when they
are first asked for), so a Ctrl-C while the command line loads is a quiet exit, status 130, as
it is once the command runs (:func:`homegame.cli.main`), and never a ``KeyboardInterrupt`` traceback.
"""

import sys


def run() -> int:
    """Load the command line and run it; its exit status."""
    try:
        from homegame.cli import main
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    raise SystemExit(run())
