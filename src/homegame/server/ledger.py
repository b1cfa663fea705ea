"""Money at the end of the night: the ledger as PokerNow's CSV, and the settle-up with the fewest
transfers.

The CSV has PokerNow's header, so the spreadsheets and settle-up apps that read PokerNow's export
read ours; amounts are whole chips (one chip is one cent: PokerNow's export counts in cents).

>>> start, end = 1_700_000_000_000, 1_700_003_600_000
>>> rows = [Session("ann", "t.0", start, end, 200, 0, 350), Session("bob", "t.1", start, end, 400, 250, 0)]
>>> print(ledger_csv(rows), end="")
player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net
ann,t.0,2023-11-14T22:13:20.000Z,2023-11-14T23:13:20.000Z,200,0,350,150
bob,t.1,2023-11-14T22:13:20.000Z,2023-11-14T23:13:20.000Z,400,250,0,-150

:func:`settle_up` finds the fewest transfers that square everyone. With ``n`` players whose nets are
not zero, it takes ``n - k`` transfers, ``k`` being the most groups the players split into whose nets
each sum to zero; the search over groups is exact for up to 20 players (beyond, each group is
found greedily).

>>> nets = {"a": 9, "b": -8, "c": 6, "d": -2, "e": 3, "f": 4, "g": -12}
>>> transfers = settle_up(nets)
>>> len(transfers)
5
>>> for t in transfers:
...     print(t)
g pays a 9
g pays e 3
b pays c 6
d pays f 2
b pays f 2
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import numpy as np

__all__ = ["EXACT_UP_TO", "HEADER", "Session", "Transfer", "ledger_csv", "settle_up"]

HEADER = ("player_nickname", "player_id", "session_start_at", "session_end_at", "buy_in", "buy_out", "stack", "net")
"""PokerNow's ledger header, in its order."""

EXACT_UP_TO = 20
"""The settle-up is exact for this many players with a net other than zero."""


@dataclass(frozen=True, slots=True)
class Session:
    """One player's time at a table: when (ms since the epoch; ``end`` 0 while still seated), chips
    bought in (rebuys included), cashed out, and still on the table."""

    name: str
    player_id: str
    start: int
    end: int
    buy_in: int
    buy_out: int
    stack: int

    @property
    def net(self) -> int:
        """Cashed out plus still on the table, less bought in."""
        return self.buy_out + self.stack - self.buy_in


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount``."""

    payer: str
    payee: str
    amount: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


def _time(ms: int) -> str:
    if not ms:
        return ""
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def ledger_csv(sessions: Iterable[Session]) -> str:
    """PokerNow's CSV of the sessions (``\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for s in sessions:
        writer.writerow((s.name, s.player_id, _time(s.start), _time(s.end), s.buy_in, s.buy_out, s.stack, s.net))
    return out.getvalue()


def settle_up(nets: Mapping[str, int]) -> list[Transfer]:
    """The fewest transfers that square ``nets`` (which must sum to zero): losers pay winners.

    >>> settle_up({"ann": 5, "bob": -5, "cy": 0})
    [Transfer(payer='bob', payee='ann', amount=5)]
    """
    if sum(nets.values()) != 0:
        raise ValueError(f"the nets sum to {sum(nets.values())}, not 0")
    players = [(name, net) for name, net in nets.items() if net]
    transfers: list[Transfer] = []
    for group in _groups(players):
        transfers.extend(_square(group))
    return transfers


def _groups(players: Sequence[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The players split into the most groups whose nets each sum to zero (exact up to
    :data:`EXACT_UP_TO` players; beyond, the remainder after exact pairs is one group)."""
    groups: list[list[tuple[str, int]]] = []
    rest = list(players)
    # A winner and a loser of the same amount are a group of their own in some best split.
    i = 0
    while i < len(rest):
        j = next((j for j in range(i + 1, len(rest)) if rest[j][1] == -rest[i][1]), None)
        if j is None:
            i += 1
            continue
        groups.append([rest[i], rest[j]])
        del rest[j], rest[i]
    if not rest:
        return groups
    if len(rest) > EXACT_UP_TO:
        return [*groups, rest]
    n = len(rest)
    size = 1 << n
    nets = np.array([net for _, net in rest], dtype=np.int64)
    masks = np.arange(size, dtype=np.int64)
    sums = np.zeros(size, dtype=np.int64)
    for bit in range(n):
        sums += ((masks >> bit) & 1) * nets[bit]
    zero = (sums == 0).astype(np.int8)
    count = np.array([bin(mask).count("1") for mask in range(size)]) if n <= 12 else _popcount(masks)
    best = np.zeros(size, dtype=np.int8)
    for layer in range(1, n + 1):
        where = np.nonzero(count == layer)[0]
        top = np.zeros(len(where), dtype=np.int8)
        for bit in range(n):
            has = (where >> bit) & 1 == 1
            top[has] = np.maximum(top[has], best[where[has] ^ (1 << bit)])
        best[where] = top + zero[where]
    # Walk down from everyone, one player at a time, keeping the count of groups; the zero-sum
    # sets passed on the way cut the players into the groups.
    mask = cut = size - 1
    while mask:
        bit = next(b for b in range(n) if mask >> b & 1 and best[mask ^ (1 << b)] == best[mask] - zero[mask])
        if zero[mask] and mask != cut:
            groups.append([rest[b] for b in range(n) if (cut ^ mask) >> b & 1])
            cut = mask
        mask ^= 1 << bit
    groups.append([rest[b] for b in range(n) if cut >> b & 1])
    return groups


def _popcount(masks: np.ndarray[tuple[int], np.dtype[np.int64]]) -> np.ndarray[tuple[int], np.dtype[np.int64]]:
    count = np.zeros_like(masks)
    for bit in range(EXACT_UP_TO):
        count += (masks >> bit) & 1
    return count


def _square(group: Sequence[tuple[str, int]]) -> list[Transfer]:
    """Transfers that square a zero-sum group, one fewer than its players: the biggest loser pays
    the biggest winner, again and again."""
    owed = sorted(((net, name) for name, net in group if net > 0), reverse=True)
    owing = sorted(((-net, name) for name, net in group if net < 0), reverse=True)
    transfers = []
    while owed and owing:
        (credit, payee), (debt, payer) = owed[0], owing[0]
        amount = min(credit, debt)
        transfers.append(Transfer(payer, payee, amount))
        owed[0], owing[0] = (credit - amount, payee), (debt - amount, payer)
        if owed[0][0] == 0:
            owed.pop(0)
        if owing[0][0] == 0:
            owing.pop(0)
        owed.sort(reverse=True)
        owing.sort(reverse=True)
    return transfers
