"""Hosting on the open internet, in-process: the rate limits' arithmetic (a clock of the test's own),
the public address's reading, and the metrics' text format."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.errors import ParseError
from homegame.server.hosting import CommitStats, prometheus, public_base, server_figures
from homegame.server.throttle import Throttle, ThrottleLimits

LIMITS = ThrottleLimits(host_attempts=3, host_lockout=60, hello_free=2, hello_attempts=5, window=100, addresses=4)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


EVENTS = st.lists(
    st.tuples(
        st.sampled_from(["host_failed", "host_passed", "host_wait", "hello_failed", "hello_refused"]),
        st.sampled_from([f"10.0.0.{number}" for number in range(6)]),
        st.floats(0, 50),
    ),
    max_size=80,
)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(events=EVENTS)
def test_the_limits_hold_whatever_the_order_of_attempts(events: list[tuple[str, str, float]]) -> None:
    clock = Clock()
    throttle = Throttle(LIMITS, now=clock)
    failed: dict[str, list[float]] = {}  # every failed hello, to reckon what the throttle should say
    for kind, address, later in events:
        clock.now += later
        if kind == "host_wait":
            wait = throttle.host_wait(address)
            assert wait is None or 1 <= wait <= LIMITS.host_lockout
        elif kind == "hello_failed":
            failed.setdefault(address, []).append(clock.now)
            delay = throttle.hello_failed(address)
            assert 0 <= delay <= LIMITS.hello_slowest
        elif kind == "hello_refused":
            recent = [at for at in failed.get(address, []) if at > clock.now - LIMITS.window]
            assert not throttle.hello_refused(address) or len(recent) >= LIMITS.hello_attempts
        else:
            getattr(throttle, kind)(address)
        assert len(throttle._hello.times) <= LIMITS.addresses and len(throttle._locked) <= LIMITS.addresses


def test_a_few_wrong_host_secrets_lock_the_address_out_until_the_time_has_passed() -> None:
    clock = Clock()
    throttle = Throttle(LIMITS, now=clock)
    for _ in range(2):
        throttle.host_failed("10.0.0.1")
    throttle.host_passed("10.0.0.1")  # the host's own typos are forgiven once the secret is given
    for _ in range(2):
        throttle.host_failed("10.0.0.1")
        assert throttle.host_wait("10.0.0.1") is None
    throttle.host_failed("10.0.0.1")
    assert throttle.host_wait("10.0.0.1") == 60 and throttle.host_wait("10.0.0.2") is None
    clock.now = 59.2
    assert throttle.host_wait("10.0.0.1") == 1
    clock.now = 60
    assert throttle.host_wait("10.0.0.1") is None and throttle.refusals == 2


def test_failed_hellos_are_slowed_then_refused_until_they_are_old() -> None:
    clock = Clock()
    throttle = Throttle(LIMITS, now=clock)
    delays = [throttle.hello_failed("10.0.0.1") for _ in range(5)]
    assert delays == [0, 0, 0.5, 1.0, 2.0] and throttle.hello_refused("10.0.0.1")
    assert not throttle.hello_refused("10.0.0.2")
    clock.now = 100.0  # the window: the failures no longer count
    assert not throttle.hello_refused("10.0.0.1") and throttle.hello_failed("10.0.0.1") == 0


@pytest.mark.parametrize(
    "url",
    ["poker.example.org", "ftp://example.org", "https://example.org/poker", "https://u:p@example.org", "https://"],
)
def test_a_public_address_is_a_web_origin(url: str) -> None:
    with pytest.raises(ParseError, match="an address looks like https://HOST"):
        public_base(url)
    assert public_base("https://[::1]:443") == "https://[::1]/"


def test_commit_times_are_a_prometheus_histogram() -> None:
    stats = CommitStats()
    for seconds in (0.0004, 0.003, 0.003, 0.2, 9.0):
        stats.record(seconds)
    stats.failed()
    text = prometheus(server_figures(tables=0, seats=0, spectators=0, hands=0, refused=0, commits=stats))
    assert 'homegame_commit_seconds_bucket{le="0.001"} 1\n' in text
    assert 'homegame_commit_seconds_bucket{le="0.005"} 3\n' in text
    assert 'homegame_commit_seconds_bucket{le="5.0"} 4\n' in text  # the 9 s one only under +Inf
    assert 'homegame_commit_seconds_bucket{le="+Inf"} 5\n' in text and "homegame_commit_seconds_count 5\n" in text
    assert "homegame_storage_errors_total 1\n" in text
    for line in text.splitlines():  # every line a comment or ``name{labels} value``
        assert re.fullmatch(r"# (HELP|TYPE) \w+ .+|\w+(\{le=\"[^\"]+\"\})? [0-9.e+-]+", line), line
