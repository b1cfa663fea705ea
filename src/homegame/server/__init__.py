"""The home-game server: ``homegame serve``, its tables, its database and its clients.

- :mod:`~homegame.server.config`: a table's settings, from the host's JSON.
- :mod:`~homegame.server.table`: a table (the engine's table and the log that makes it durable);
  only views leave it. Its jobs: :mod:`~homegame.server.roster` (seats, blinds owed, rebuys,
  cash-outs, the ledger), :mod:`~homegame.server.requests` (what players and the host may ask),
  :mod:`~homegame.server.moves` (bots, timeouts, deals, clocks), :mod:`~homegame.server.snapshot`.
- :mod:`~homegame.server.store`: the SQLite database (WAL, ``synchronous=FULL``).
- :mod:`~homegame.server.app`: the Starlette application: HTTP for the host, one WebSocket a player.
- :mod:`~homegame.server.client`: what ``homegame join`` speaks (a bot, or a person at the terminal).
- :mod:`~homegame.server.ledger`: PokerNow's ledger CSV and the settle-up with the fewest transfers.
- :mod:`~homegame.server.backup`: consistent copies of the database while it serves, checked and kept.
- :mod:`~homegame.server.throttle`: rate limits on wrong host secrets and failed ``hello``s.
- :mod:`~homegame.server.hosting`: the public address, ``/healthz``'s probe and ``/metrics``' text.

The protocol is ``docs/protocol.md``. The machine that runs the server sees every card.
"""
