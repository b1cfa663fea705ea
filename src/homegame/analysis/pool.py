"""Work past one core: numbered chunks run on a pool of processes, their results in chunk order.

Simulation and Monte Carlo odds are cut into numbered chunks of a fixed size, each with its own
seeded stream, so that what a chunk computes depends on its number alone, never on which process
runs it or how many there are: the same seed gives the same answer on one core or on many.
:func:`map_chunks` runs ``function(spec, index)`` for each index, in this process (``workers=1``)
or on a pool of ``workers`` processes, and yields the results in index order.

``function`` must be a module-level function and ``spec`` a picklable, hashable value (a tuple of
names and numbers): each process rebuilds what it needs from the spec, once.

>>> list(map_chunks(pow, 2, range(5), workers=1))
[1, 2, 4, 8, 16]
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from typing import Any, TypeVar

__all__ = ["DASK_TIMEOUT", "chunk_seed", "default_workers", "map_chunks", "seed_sequence"]

DASK_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler to answer."""

Spec = TypeVar("Spec")
Result = TypeVar("Result")


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def seed_sequence(seed: int, index: int) -> Any:
    """numpy's ``SeedSequence`` of chunk ``index`` of a run seeded ``seed``: ``[seed, index]``, or
    ``[-seed, index, 1]`` for a negative seed (numpy takes no negative entropy), so every whole
    number is a seed and no two give the same stream.

    >>> seed_sequence(-1, 0).entropy, seed_sequence(1, 0).entropy
    ([1, 0, 1], [1, 0])
    """
    import numpy as np

    return np.random.SeedSequence([seed, index] if seed >= 0 else [-seed, index, 1])


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk ``index`` of a run seeded ``seed``: a 63-bit number from
    :func:`seed_sequence`, the same on every machine.

    >>> chunk_seed(1, 0) == chunk_seed(1, 0) != chunk_seed(1, 1) != chunk_seed(-1, 1)
    True
    """
    import numpy as np

    return int(seed_sequence(seed, index).generate_state(1, np.uint64)[0] >> np.uint64(1))


def map_chunks(
    function: Callable[[Spec, int], Result],
    spec: Spec,
    indices: Sequence[int],
    *,
    workers: int = 1,
    dask: str | None = None,
) -> Iterator[Result]:
    """``function(spec, index)`` for each of ``indices``, in order; on ``workers`` processes when
    there are more than one (forked where the platform allows, so they start at once), or on the
    Dask cluster whose scheduler is at ``dask`` (``tcp://127.0.0.1:8786``; needs the ``dask`` extra,
    and homegame installed on the cluster's workers)."""
    if dask is not None:
        yield from _on_dask(function, spec, indices, dask)
        return
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if workers == 1 or len(indices) < 2:
        yield from map(function, repeat(spec), indices)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=min(workers, len(indices)), mp_context=context) as pool:
        yield from pool.map(function, repeat(spec), indices)


def _on_dask(
    function: Callable[[Spec, int], Result], spec: Spec, indices: Sequence[int], address: str
) -> Iterator[Result]:
    """The chunks on a Dask cluster, gathered in index order."""
    from homegame.errors import ParseError

    try:
        client_type: Any = importlib.import_module("distributed").Client
    except ImportError:
        raise ParseError("--dask needs dask.distributed: pip install 'homegame[dask]'") from None
    try:
        client = client_type(address, timeout=DASK_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise ParseError(f"no Dask scheduler at {address}: {error}") from None
    try:
        futures = client.map(function, [spec] * len(indices), list(indices), pure=False)
        for future in futures:
            yield future.result()
    finally:
        client.close()
