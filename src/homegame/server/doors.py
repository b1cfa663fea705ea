"""The server's doors: what every response carries, which pages may open a socket, how a body or a
message from outside is read, and the host's secret.

- :class:`SecurityHeaders` wraps the whole application: every HTTP response (errors too) carries a
  Content-Security-Policy (the pages load their scripts, styles and sockets from this server only,
  and no other site may frame them), ``X-Content-Type-Options: nosniff`` and
  ``Referrer-Policy: no-referrer`` (a link in the page never tells another site the table's address).
- :class:`Origins` decides whether a WebSocket handshake is welcome: without an ``Origin`` (``homegame
  join``, bots) yes; from the server's own origin (the ``Host`` it was reached at) yes; from an origin
  the host allowed (``serve --allow-origin``, and a public address's origin the same way) yes; from
  any other site no, so a page elsewhere cannot play a seat whose secret it stole or guessed.
- :func:`read_json` reads a body or a message: JSON, nested at most :data:`MAX_DEPTH` deep;
  :func:`approval` the host's yes or no to a request.
- :class:`HostSecret` keeps the host's secret as a digest only.
- :func:`refusal` is every door's answer when it says no (``{"error", "code"}``);
  :func:`storage_refusal` when the disk refused a change.

>>> origins = Origins()
>>> origins.allows(None, "127.0.0.1:8000"), origins.allows("http://127.0.0.1:8000", "127.0.0.1:8000")
(True, True)
>>> origins.allows("https://evil.example", "127.0.0.1:8000")
False
>>> origins.allow("https://Poker.Example.org:443/"); origins.allows("https://poker.example.org", "127.0.0.1:8000")
True
>>> read_json('{"type": "hello"}')
{'type': 'hello'}
>>> read_json("[" * 40 + "]" * 40)
Traceback (most recent call last):
...
ValueError: nested more than 16 deep
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
from collections.abc import Iterable

from starlette.datastructures import MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from homegame.errors import ParseError
from homegame.server.hosting import public_base
from homegame.server.store import StorageError, Store, digest

__all__ = [
    "MAX_DEPTH",
    "MIN_HOST_SECRET",
    "HostSecret",
    "Origins",
    "SecurityHeaders",
    "approval",
    "read_json",
    "refusal",
    "storage_refusal",
]

MAX_DEPTH = 16
"""How deep a message or body may nest (the protocol's deepest, a split's cards in an action, is 5)."""

MIN_HOST_SECRET = 16
"""The shortest host secret the server takes (one made for the host is 32 characters)."""

_HOST = re.compile(r"[A-Za-z0-9.:\[\]-]{1,255}")
"""A ``Host`` header fit to name in the policy (anything else is left out of it)."""


def _policy(host: str | None) -> str:
    """The Content-Security-Policy for a response to a request made to ``host``.

    >>> _policy("127.0.0.1:8000").split("; ")[3]
    "connect-src 'self' ws://127.0.0.1:8000 wss://127.0.0.1:8000"
    """
    sockets = f" ws://{host} wss://{host}" if host is not None and _HOST.fullmatch(host) else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; "
        f"connect-src 'self'{sockets}; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    )


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response of ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((value.decode("latin-1") for key, value in scope["headers"] if key == b"host"), None)

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = _policy(host)
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
            await send(message)

        await self.app(scope, receive, sending)


def _origin(url: str) -> str | None:
    """``scheme://host[:port]`` of ``url``, lower case, without a default port; ``None`` when ``url``
    is no web origin.

    >>> _origin("HTTPS://Example.org:443/"), _origin("http://10.0.0.2:8000"), _origin("null")
    ('https://example.org', 'http://10.0.0.2:8000', None)
    """
    try:
        return public_base(url)[:-1]  # the public address's reading, its "/" dropped
    except ParseError:
        return None


class Origins:
    """The web origins whose pages may open a socket, besides the server's own."""

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed: set[str] = set()
        for origin in allowed:
            self.allow(origin)

    def allow(self, origin: str) -> None:
        """Let pages from ``origin`` (``https://HOST[:PORT]``) open sockets. ``serve --allow-origin``
        calls it; a public address the server is reached at (behind a proxy) is allowed the same way."""
        found = _origin(origin)
        if found is None:
            raise ParseError(f"{origin!r}: an origin looks like https://HOST or http://HOST:PORT", token=origin)
        self.allowed.add(found)

    def allows(self, origin: str | None, host: str | None) -> bool:
        """Whether a handshake with this ``Origin`` header, made to this ``Host``, is welcome."""
        if origin is None:
            return True  # not a browser: homegame join, a bot, a script with the secret
        found = _origin(origin)
        if found is None:
            return False
        if found in self.allowed:
            return True
        own = set() if host is None else {_bare(f"http://{host}"), _bare(f"https://{host}")} - {""}
        return _bare(found) in own


def _bare(url: str) -> str:
    """The host and port of ``url``'s origin, its scheme dropped (``""``: no origin)."""
    found = _origin(url)
    return "" if found is None else found.split("://", 1)[1]


def _depth(value: object) -> int:
    """How deep ``value`` nests (a scalar: 0), counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in children)
    return deepest


def read_json(text: str | bytes) -> object:
    """``text`` read as JSON nested at most :data:`MAX_DEPTH` deep; :class:`ValueError` (saying why)
    for anything else, however deep or malformed."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError:
        raise ValueError("not JSON") from None
    if _depth(value) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    return value


def approval(raw: bytes) -> bool | None:
    """The host's answer a body says (``{"approve": true}`` or ``false``); ``None`` when it says none.

    >>> approval(b'{"approve": false}'), approval(b""), approval(b'{"approve": 1}'), approval(b"[")
    (False, None, None, None)
    """
    try:
        body = read_json(raw or b"{}")
    except ValueError:
        return None
    approve = body.get("approve") if isinstance(body, dict) else None
    return approve if isinstance(approve, bool) else None


class HostSecret:
    """The host's secret, kept in the database as its SHA-256 digest only (meta ``host_digest``).

    ``token`` is the secret itself when this process knows it (it made it, was given it, or found a
    database of an earlier release that kept it in plain text, now hashed): only then can the host's
    link be printed.

    >>> store = Store(":memory:")
    >>> first = HostSecret.open(store)
    >>> first.token is not None and first.check(first.token), HostSecret.open(store).token
    (True, None)
    >>> HostSecret.open(store, "short")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: the host's secret must be at least 16 characters (it is 5)
    """

    def __init__(self, kept: str, token: str | None) -> None:
        self.kept = kept
        self.token = token

    @classmethod
    def open(cls, store: Store, given: str | None = None, *, renew: bool = False) -> HostSecret:
        """The host's secret of ``store``: ``given`` if given (it replaces the one kept), a new one if
        ``renew`` or none is kept, else the one kept (only its digest: ``token`` is ``None``)."""
        plain = store.meta("host_token")  # an earlier release kept it in plain text: hash it now
        if plain is not None:
            store.set_meta("host_digest", digest(plain))
            store.delete_meta("host_token")
        kept = store.meta("host_digest")
        token = plain
        if given is not None:
            cls.refuse_short(given)
            token = given
        elif renew or kept is None:
            token = secrets.token_urlsafe(24)
        if token is not None and token != plain:
            kept = digest(token)
            store.set_meta("host_digest", kept)
        assert kept is not None
        return cls(kept, token)

    @staticmethod
    def refuse_short(given: str) -> None:
        """A :class:`ParseError` if ``given`` is too short to be the host's secret."""
        if len(given) < MIN_HOST_SECRET:
            raise ParseError(f"the host's secret must be at least {MIN_HOST_SECRET} characters (it is {len(given)})")

    def check(self, given: str) -> bool:
        """Whether ``given`` is the host's secret (compared in constant time)."""
        return hmac.compare_digest(digest(given), self.kept)


def refusal(status: int, code: str, message: str) -> JSONResponse:
    """An HTTP refusal: ``{"error": message, "code": code}`` with the ``status``.

    >>> refused = refusal(404, "not_found", "no such table")
    >>> refused.status_code, refused.body
    (404, b'{"error":"no such table","code":"not_found"}')
    """
    return JSONResponse({"error": message, "code": code}, status_code=status)


def storage_refusal(error: StorageError) -> JSONResponse:
    """The answer to a request whose change the disk refused (503): nothing changed, ask again."""
    return refusal(503, "storage", f"the server's storage failed: {error}")
