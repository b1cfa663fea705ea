"""The container: CI has no container builder and pulls no image, so the Dockerfile and compose.yaml
are read instead: the base image, the user, the volume, the port, the health check, and a command
that is the one docs/hosting.md documents and that ``homegame serve`` accepts."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import yaml

from homegame.cli import build_parser

ROOT = Path(__file__).parent.parent


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions (keyword, the rest), continuation lines joined, comments left out."""
    found: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending += line.rstrip("\\").strip() + " "
        if not line.endswith("\\"):
            keyword, _, rest = pending.strip().partition(" ")
            found.append((keyword.upper(), rest.strip()))
            pending = ""
    return found


def one(keyword: str) -> str:
    """The last instruction of a kind (the one in force)."""
    found = [rest for word, rest in instructions() if word == keyword]
    assert found, f"the Dockerfile has no {keyword}"
    return found[-1]


def command() -> list[str]:
    """What the container runs: ENTRYPOINT then CMD, in their exec (JSON) form."""
    entry, cmd = json.loads(one("ENTRYPOINT")), json.loads(one("CMD"))
    assert isinstance(entry, list) and isinstance(cmd, list)
    return [*entry, *cmd]


def test_the_image_is_pythons_slim_one_and_runs_as_a_user_without_privileges() -> None:
    image, _, tag = one("FROM").partition(":")
    assert image == "python" and tag.startswith("3.1") and tag.endswith("-slim")
    user = one("USER")
    runs = [rest for word, rest in instructions() if word == "RUN"]
    assert user not in ("root", "0") and any("useradd --system" in run for run in runs)
    assert any(run.split("&&")[0].split()[-1] == user and f"chown {user}:{user} /data" in run for run in runs)
    words = [word for word, _ in instructions()]
    assert words.index("USER") > max(i for i, word in enumerate(words) if word == "RUN")  # nothing runs as root after


def test_the_command_is_the_documented_one_and_serve_accepts_it() -> None:
    documented = [
        shlex.split(line)
        for line in (ROOT / "docs" / "hosting.md").read_text().splitlines()
        if line.strip().startswith("homegame serve") and "/data/homegame.sqlite" in line
    ]
    assert documented == [command()]
    args = build_parser().parse_args(command()[1:])
    assert (args.command, args.host, args.port) == ("serve", "0.0.0.0", 8000)
    volume = json.loads(one("VOLUME"))
    assert (
        volume == ["/data"] and Path(args.db).parent == Path("/data") and Path(args.backup_dir).parent == Path("/data")
    )
    assert one("EXPOSE") == str(args.port)


def test_the_health_check_asks_healthz_on_the_served_port() -> None:
    check = one("HEALTHCHECK")
    assert "--interval=" in check and "--timeout=" in check
    probe = json.loads(check.partition("CMD ")[2])
    assert probe[:2] == ["python", "-c"] and "http://127.0.0.1:8000/healthz" in probe[2]


def compose() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return found


def test_compose_runs_the_image_behind_caddy_with_the_repositorys_caddyfile() -> None:
    services = compose()["services"]
    server, caddy = services["homegame"], services["caddy"]
    assert server["build"] == "." and "ports" not in server  # reached through Caddy alone
    assert server["expose"] == ["8000"] and caddy["environment"]["HOMEGAME_UPSTREAM"] == "homegame:8000"
    assert any(volume.endswith(":/data") for volume in server["volumes"])
    assert caddy["image"].startswith("caddy:2") and {"80:80", "443:443"} <= set(caddy["ports"])
    mounted = {volume.split(":")[0]: volume.split(":")[1] for volume in caddy["volumes"]}
    assert mounted["./deploy/Caddyfile"] == "/etc/caddy/Caddyfile" and (ROOT / "deploy" / "Caddyfile").is_file()
    assert caddy["depends_on"]["homegame"]["condition"] == "service_healthy"
    served, image = server["command"], command()[2:]
    proxied = ["--public-url", "https://${HOMEGAME_DOMAIN}", "--proxy-headers", "--forwarded-allow-ips", "*"]
    assert served == [*image, *proxied]  # the image's command, and for the proxy in front
    public = [word.replace("${HOMEGAME_DOMAIN}", "poker.example.org") for word in served]
    args = build_parser().parse_args(["serve", *public])
    assert args.proxy_headers and args.public_url == "https://poker.example.org"
    assert set(compose()["volumes"]) >= {volume.split(":")[0] for volume in server["volumes"] + caddy["volumes"][1:]}
