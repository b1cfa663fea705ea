"""The pages under their Content-Security-Policy: the host page and a table render whole, seats in
their places, a download still saves, with nothing blocked (a blocked script or style is a console
error, which fails the test)."""

from __future__ import annotations

from conftest import Pages, Server


def test_the_pages_work_under_their_content_security_policy(server: Server, pages: Pages) -> None:
    created = server.api("POST", "/api/tables", {"game": "holdem", "seats": 3, "stack": 100, "bots": 2})
    server.opened.append(created["table"])
    table = pages.open(created["invites"][0], policy=True)
    table.locator("section[data-seat]").nth(2).wait_for()
    placed = table.eval_on_selector_all(
        "section[data-seat]", "nodes => nodes.map(node => node.style.getPropertyValue('--x'))"
    )
    assert sum(bool(x) for x in placed) >= 2, placed  # the others' places, set through the CSSOM
    host = pages.open(f"{server.url}/host#{server.token}", policy=True)
    entry = host.locator(f"[data-table='{created['table']}']")
    entry.locator("button", has_text="Ledger").click()
    with host.expect_download() as saved:
        entry.locator("button", has_text="Download CSV").click()
    assert saved.value.suggested_filename == f"ledger-{created['table']}.csv"
