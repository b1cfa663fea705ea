"""The host's page stays live (no Refresh): a table made paused waits for Start; a new invite
replaces a dead link and seats the same player; the seats' rows follow who is connected, a rebuy
asked for appears to be approved, an adjustment reaches the ledger, and a removed player's seat is
freed for someone new."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tabledriver import connected

if TYPE_CHECKING:
    from conftest import Pages, Server


def test_the_host_page_follows_the_table_live(server: Server, pages: Pages, artifacts: Path) -> None:
    table = server.table(
        game="holdem", seats=3, stack=200, bots=1, bot_level="caller", names=["ann", "bob"], paused=True
    )
    host = pages.open(f"{server.url}/host#{server.token}")
    entry = host.locator(f"[data-table='{table['table']}']")
    row = entry.locator("[data-seat-row='0']")
    row.wait_for()
    assert entry.locator("[data-seat-row]").count() == 3
    host.wait_for_selector("#host-state[data-state=connected]")
    assert entry.locator("[data-action=start]").count() == 1 and "not started" in entry.locator("h3").inner_text()

    row.locator("[data-action=invite]").click()  # the link made with the table is lost: a new one
    invite = entry.locator(".links input[aria-label='Invite 1']").input_value()
    assert invite.startswith(f"{server.url}/t/{table['table']}#") and invite != table["invites"][0]
    player = pages.open(invite)
    connected(player)
    entry.locator("[data-seat-row='0'][data-connected=true][data-status=playing]").wait_for()
    assert "ann" in row.inner_text()

    entry.locator("[data-action=start]").click()
    entry.locator("[data-action=pause]").wait_for()
    player.wait_for_function("Number(document.body.dataset.hand) >= 1")

    player.click("#open-menu")
    player.fill("#rebuy-amount", "150")
    player.click("#rebuy")
    approve = entry.locator(".rebuys button[data-action=approve]")
    approve.wait_for()  # pushed by the feed: nobody pressed Refresh
    host.screenshot(path=artifacts / "host-rebuy-waiting.png", full_page=True)
    approve.click()
    approve.wait_for(state="detached")

    row.locator("[data-amount]").fill("-25")
    row.locator("[data-action=adjust]").click()
    host.on("dialog", lambda dialog: dialog.accept())
    row.locator("[data-action=remove]").click()
    entry.locator("[data-seat-row='0'][data-status=empty]").wait_for()
    assert "player 1" in row.inner_text()
    player.wait_for_selector("#conn[data-state=closed]")
    ledger = server.api("GET", f"/api/tables/{table['table']}/ledger")
    assert {"player": "ann", "kind": "adjustment", "amount": -25} in ledger["entries"]
    assert sum(player["net"] for player in ledger["players"]) == 0
    host.set_viewport_size({"width": 390, "height": 844})
    host.screenshot(path=artifacts / "host-phone.png", full_page=True)
