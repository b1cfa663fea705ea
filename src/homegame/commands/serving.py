"""The options of ``homegame serve`` for a server on the internet (docs/hosting.md): the public
address its links use, trusting a reverse proxy's headers, and HTTPS without a proxy."""

from __future__ import annotations

import argparse
import ipaddress
import ssl
from dataclasses import dataclass
from typing import Any

__all__ = ["Hosting", "add_hosting", "hosting"]

LOOPBACK = "127.0.0.1,::1"


def add_hosting(parser: argparse.ArgumentParser) -> None:
    """``--public-url``, ``--proxy-headers``, ``--forwarded-allow-ips``, ``--tls-cert``, ``--tls-key``."""
    group = parser.add_argument_group("on the internet (docs/hosting.md)")
    group.add_argument(
        "--public-url",
        metavar="URL",
        help="the address friends reach the server at (https://poker.example.org): every link uses it",
    )
    group.add_argument(
        "--proxy-headers",
        action="store_true",
        help="behind a reverse proxy: the client's address and scheme from X-Forwarded-For and X-Forwarded-Proto, "
        "sent by --forwarded-allow-ips only (without this option those headers are ignored)",
    )
    group.add_argument(
        "--forwarded-allow-ips",
        default=LOOPBACK,
        metavar="IPS",
        help=f"the proxies --proxy-headers trusts: addresses or networks, comma-separated (default {LOOPBACK})",
    )
    group.add_argument("--tls-cert", metavar="FILE", help="serve HTTPS and WSS with this certificate (PEM, full chain)")
    group.add_argument("--tls-key", metavar="FILE", help="the certificate's private key (PEM)")


@dataclass(frozen=True, slots=True)
class Hosting:
    """What the options make of the server: the public address (``None``: links use the address
    each request came in on), the scheme it serves, and uvicorn's settings for them."""

    public: str | None
    scheme: str
    uvicorn: dict[str, Any]

    def link(self, address: str, port: int) -> str:
        """The base of the links the server prints, listening on ``address:port``.

        >>> Hosting(None, "https", {}).link("192.168.1.5", 8443)
        'https://192.168.1.5:8443/'
        >>> Hosting("https://poker.example.org/", "http", {}).link("127.0.0.1", 8000)
        'https://poker.example.org/'

        """
        host = f"[{address}]" if ":" in address else address
        return self.public or f"{self.scheme}://{host}:{port}/"


def _trusted(text: str) -> str:
    """``--forwarded-allow-ips`` checked: ``*`` or addresses and networks."""
    from homegame.errors import ParseError

    for item in text.split(","):
        if item.strip() == "*":
            continue
        try:
            ipaddress.ip_network(item.strip())  # strict, as uvicorn reads it: 10.0.0.0/8, not 10.0.0.1/8
        except ValueError:
            raise ParseError(f"--forwarded-allow-ips: {item.strip()!r} is not an address or a network") from None
    return text


def hosting(args: argparse.Namespace) -> Hosting:
    """Read and check the options (a :class:`~homegame.errors.ParseError` naming the one at fault)."""
    from homegame.errors import ParseError
    from homegame.server.hosting import public_base

    public = None if args.public_url is None else public_base(args.public_url)
    settings: dict[str, Any] = {"proxy_headers": args.proxy_headers}
    if args.proxy_headers:
        settings["forwarded_allow_ips"] = _trusted(args.forwarded_allow_ips)
    elif args.forwarded_allow_ips != LOOPBACK:
        raise ParseError("--forwarded-allow-ips says which proxies --proxy-headers trusts: give --proxy-headers too")
    if (args.tls_cert is None) != (args.tls_key is None):
        raise ParseError("--tls-cert and --tls-key go together: the certificate and its private key")
    if args.tls_cert is not None:
        try:  # read now, so a bad file is one line here rather than a failure of the server's start
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(args.tls_cert, args.tls_key)
        except (OSError, ssl.SSLError) as error:
            raise ParseError(f"cannot serve HTTPS with --tls-cert/--tls-key: {error.strerror or error}") from None
        settings |= {"ssl_certfile": args.tls_cert, "ssl_keyfile": args.tls_key}
    return Hosting(public, "https" if args.tls_cert is not None else "http", settings)
