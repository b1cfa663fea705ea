"""The finished hand stays on the felt: after an all-in before the flop the flop, turn and river come
street by street, then the whole board, the cards shown and the result stay until the next deal;
the dealer choosing the next game sees that result beside the picker, at a laptop's size and a
phone's (element boxes within the viewport, not pixels)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabledriver import click_and_wait, connected, number, turn

if TYPE_CHECKING:
    from conftest import Pages, Server

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
GAMES = ["holdem", "omaha", "razz", "stud", "2-7-triple-draw", "badugi", "stud-hi-lo"]

FELT = """() => ({
  board: [...document.querySelectorAll('#middle [data-row=board] [data-card]')].map((n) => n.dataset.card),
  seats: [...document.querySelectorAll('#seats .seat [data-card]')].map((n) => n.dataset.card)
    .filter((c) => c !== '??'),
  result: [...document.querySelectorAll('#result [data-board] [data-card]')].map((n) => n.dataset.card),
  awards: [...document.querySelectorAll('#result li.award')].map((n) => n.textContent),
})"""

BOXES = """() => {
  window.scrollTo(0, 0);
  const box = (selector) => {
    const node = document.querySelector(selector);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  return {
    result: box('#result'), award: box('#result li.award'), board: box('#result [data-board]'),
    picker: box('#controls .picker'), deal: box('#controls [data-action=choose]'),
    width: window.innerWidth, height: window.innerHeight,
  };
}"""


def within(box: dict[str, float], boxes: dict[str, Any]) -> bool:
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= boxes["height"] and box["right"] <= boxes["width"]


def apart(one: dict[str, float], other: dict[str, float]) -> bool:
    return (
        one["bottom"] <= other["top"]
        or other["bottom"] <= one["top"]
        or one["right"] <= other["left"]
        or other["right"] <= one["left"]
    )


def test_an_all_in_runout_stays_on_the_felt_and_the_dealer_sees_it_while_choosing(
    server: Server, pages: Pages, artifacts: Path
) -> None:
    table = server.table(choice=GAMES, seats=3, stack=100, names=["ann", "bob", "cy"], between_hands=60)
    server.api("POST", f"/api/tables/{table['table']}/pause")
    seats = [pages.open(invite, **size) for invite, size in zip(table["invites"], (LAPTOP, PHONE, LAPTOP), strict=True)]
    for page in seats:
        connected(page)
    server.api("POST", f"/api/tables/{table['table']}/resume")
    click_and_wait(turn(seats), turn(seats).locator("#controls [data-action=choose][data-choice=holdem]"))
    # Preflop: the first to act moves all in, the next calls, the third folds.
    shover = turn(seats)
    shover.locator("#controls .preset", has_text="All in").click()
    click_and_wait(shover, shover.locator("#controls [data-action=raise_to]"))
    caller = turn(seats)
    click_and_wait(caller, caller.locator("#controls [data-action=call]"))
    folder = turn(seats)
    click_and_wait(folder, folder.locator("#controls [data-action=fold]"))
    # The phone sees the board come street by street (the server's pacing is tested in
    # test_server_felt.py; here, the streets the page drew, in order, and the whole board at the end).
    watcher = seats[1]
    boards, last = [], ""
    for _ in range(4):  # bounded: each pass waits for the next street drawn (a busy page may draw two as one)
        street = watcher.wait_for_function(
            f"document.body.dataset.runout !== {json.dumps(last)} && document.body.dataset.runout"
            " || (Number(document.body.dataset.finished) >= 1 && 'done')"
        ).json_value()
        if street == "done":
            break
        last = street
        boards.append(watcher.evaluate(FELT)["board"])
    sizes = [len(board) for board in boards]  # a page busy with several frames may draw none of the streets
    assert sizes == sorted(set(sizes)) and set(sizes) <= {3, 4, 5}, "the board comes street by street"
    watcher.wait_for_function("Number(document.body.dataset.finished) >= 1")
    boards.append(watcher.evaluate(FELT)["board"])
    assert len(boards[-1]) == 5
    for page in seats:
        page.wait_for_function("Number(document.body.dataset.finished) >= 1")
    shown = {page: page.evaluate(FELT) for page in seats}
    for felt in shown.values():
        assert felt["board"] == boards[-1], "the whole board stays on the felt"
        assert felt["result"] == boards[-1], "the result shows the board"
        assert felt["awards"], "the result says who won"
    all_in_cards = set(shown[folder]["seats"])  # the folder sees the two hands shown, face up
    assert len(all_in_cards) == 4, shown[folder]
    assert set(shown[shover]["seats"]) | set(shown[caller]["seats"]) == all_in_cards  # each sees the other's
    seats[0].screenshot(path=artifacts / "runout-laptop.png")
    seats[1].screenshot(path=artifacts / "runout-phone.png")
    # The next dealer chooses the game with that result in sight, at a laptop's and a phone's size.
    dealer = turn(seats)
    assert dealer.locator("#controls [data-action=choose]").count(), "the next deal is the dealer's choice"
    assert number(dealer, "finished") == 1 and dealer.evaluate(FELT)["board"] == boards[-1]
    for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        dealer.set_viewport_size(size)
        dealer.wait_for_function(f"window.innerWidth === {size['width']}")
        boxes = dealer.evaluate(BOXES)
        for part in ("result", "award", "board", "deal"):
            assert boxes[part] is not None and within(boxes[part], boxes), (name, part, boxes)
        assert apart(boxes["result"], boxes["picker"]), (name, boxes)
        dealer.screenshot(path=artifacts / f"choosing-{name}.png")


def test_the_host_page_sets_the_pause_between_hands(server: Server, pages: Pages) -> None:
    host = pages.open(f"{server.url}/host#{server.token}")
    host.wait_for_selector("#game option[value=holdem]", state="attached")
    for field, value in {"#seats": "2", "#bots": "1", "#clock": "0", "#between-hands": "12.5"}.items():
        host.fill(field, value)
    with host.expect_request(lambda request: request.method == "POST" and request.url.endswith("/api/tables")) as made:
        host.click("[data-action=create]")
    assert made.value.post_data_json["between_hands"] == 12.5
    host.locator(".table-entry .links input").first.wait_for()
    host.fill("#between-hands", "")
    with host.expect_request(lambda request: request.method == "POST" and request.url.endswith("/api/tables")) as again:
        host.click("[data-action=create]")
    assert "between_hands" not in again.value.post_data_json  # the server's own pause
