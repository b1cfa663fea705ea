"""Open seating in the browser: the host makes the table's link on the live host page and shares
it; a friend on a phone opens it, picks the free seat, a name and a buy-in and asks; the request
appears on the host page (nobody presses Refresh), the host approves, and the friend's page takes
them to the table, seated and dealt."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tabledriver import connected, own_down

if TYPE_CHECKING:
    from conftest import Pages, Server


def test_a_friend_opens_the_table_link_asks_and_is_seated_and_dealt(
    server: Server, pages: Pages, artifacts: Path
) -> None:
    table = server.table(game="holdem", seats=3, stack=200, bots=1, bot_level="caller", names=["ann"])
    host = pages.open(f"{server.url}/host#{server.token}")
    entry = host.locator(f"[data-table='{table['table']}']")
    entry.locator("[data-seat-row='0']").wait_for()
    host.wait_for_selector("#host-state[data-state=connected]")
    entry.locator("[data-action=open-link]").click()  # the link made with the table was shown elsewhere
    link = entry.locator(".links input[aria-label='Table link']").input_value()
    assert link.startswith(f"{server.url}/t/{table['table']}/join#") and link != table["join"]

    friend = pages.open(link, width=390, height=844)
    friend.wait_for_selector("#ask-form:not([hidden])")
    assert "#" not in friend.url, "the table link's secret leaves the address bar"
    assert friend.locator("input[name=seat][value='0']").is_disabled(), "ann's seat waits for her invite"
    friend.check("input[name=seat][value='1']")
    friend.fill("#join-name", "fay")
    assert friend.input_value("#join-buy-in") == "200"
    friend.screenshot(path=artifacts / "join-phone.png", full_page=True)
    friend.click("[data-action=ask-seat]")
    friend.wait_for_selector("#join-status[data-state=asked]")
    friend.screenshot(path=artifacts / "join-asked-phone.png", full_page=True)

    approve = entry.locator(".seat-requests button[data-action=seat-approve]")
    approve.wait_for()  # pushed by the live feed
    assert "fay asks for seat 2" in entry.locator(".seat-requests").inner_text()
    host.screenshot(path=artifacts / "host-seat-request.png", full_page=True)
    approve.click()
    approve.wait_for(state="detached")

    friend.wait_for_url(f"{server.url}/t/{table['table']}")
    connected(friend)
    friend.wait_for_function("Number(document.body.dataset.you) === 1")
    friend.wait_for_function("document.querySelectorAll('#me .my-cards [data-card]').length === 2")
    assert len(own_down(friend)) == 2, "seated and dealt"
    entry.locator("[data-seat-row='1'][data-status=playing][data-connected=true]").wait_for()
    assert "fay" in entry.locator("[data-seat-row='1']").inner_text()
