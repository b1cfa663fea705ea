"""Playing the browser table from a test: read what the page drew, click the controls it built.

The page marks what it has drawn on ``<body>``: ``data-hand``, ``data-seq`` (the last message's
sequence number), ``data-over``, ``data-finished`` (the last hand whose result it holds),
``data-runout`` (``street/streets`` while an all-in runout is dealt, else empty) and ``data-you``.
Every wait here is one of Playwright's, bounded.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

ENABLED = "#controls button[data-action]:not([disabled])"
TURN = "#controls button[data-action]"  # a card action's button is disabled until its cards are picked
PICKABLE = "#me button.card.pickable[aria-pressed=false], #controls .pick-row button.card[aria-pressed=false]"
PASSIVE = ("check", "call", "bring_in", "keep", "decline", "complete")


def connected(page: Any) -> None:
    """Wait until the page has said hello and drawn its first snapshot."""
    page.wait_for_selector("#conn[data-state=connected]")
    page.wait_for_function("document.body.dataset.seq !== undefined")


def number(page: Any, name: str) -> int:
    value = page.evaluate(f"document.body.dataset.{name} || '0'")
    return int(value or 0)


def sync(pages: list[Any]) -> int:
    """Wait until every page has drawn the newest state any of them has seen; returns its seq."""
    newest = max(number(page, "seq") for page in pages)
    for page in pages:
        page.wait_for_function(f"Number(document.body.dataset.seq) >= {newest}")
    return newest


def wait_change(pages: list[Any], finished: int, rounds: int = 120) -> bool:
    """Wait (bounded: ``rounds`` short waits of each page in turn) until some page draws a newer
    state, offers a decision, or has finished hand ``finished``. A snapshot may change a page
    without a new sequence number (a seat connecting), so a decision is waited for as such."""
    seqs = [number(page, "seq") for page in pages]
    for _ in range(rounds):
        for page, seq in zip(pages, seqs, strict=True):
            try:
                page.wait_for_function(
                    f"""() => Number(document.body.dataset.seq) > {seq} || document.querySelector('{TURN}')
                        || Number(document.body.dataset.finished || 0) >= {finished}""",
                    timeout=250,
                )
                return True
            except PlaywrightTimeout:
                continue
    return False


def own_down(page: Any) -> set[str]:
    """The seat's own down cards as its page shows them."""
    cards: list[str] = page.eval_on_selector_all(
        "#me .my-cards [data-card]:not(.up)", "nodes => nodes.map(n => n.dataset.card)"
    )
    return {card for card in cards if card != "??"}


def others_cards(page: Any) -> set[str]:
    """Every face-up card the page shows outside the seat's own hand (seats, board, rows, results)."""
    cards: list[str] = page.eval_on_selector_all(
        "[data-card]", "nodes => nodes.filter(n => !n.closest('#me')).map(n => n.dataset.card)"
    )
    return {card for card in cards if card != "??"}


def wait_turn_or_end(page: Any, finished: int, timeout: int = 20_000) -> bool:
    """Wait until the page offers an action or has finished hand ``finished``; True if it is a turn."""
    page.wait_for_function(
        f"""() => document.querySelector('{TURN}')
            || Number(document.body.dataset.finished || 0) >= {finished}""",
        timeout=timeout,
    )
    return number(page, "finished") < finished


def has_turn(page: Any) -> bool:
    return bool(page.locator(TURN).count())


def turn(pages: list[Any]) -> Any:
    """The page with a decision to make (bounded waits)."""
    for _ in range(50):
        sync(pages)
        page = next((page for page in pages if has_turn(page)), None)
        if page is not None:
            return page
        assert wait_change(pages, 10**6), "the table stopped"
    raise AssertionError("nobody had a decision to make")


def click_and_wait(page: Any, locator: Any) -> None:
    """Click a control that sends something, confirm if asked, and wait for the answer (a new
    state, or a refusal shown as an error)."""
    before = number(page, "seq")
    errors = page.locator(".toast.error").count()
    locator.click()
    confirm = page.locator("#confirm[open] [data-action=confirm]")
    if confirm.count():
        confirm.click()
    page.wait_for_function(
        f"Number(document.body.dataset.seq) > {before} || document.querySelectorAll('.toast.error').length > {errors}"
    )
    refused = page.locator(".toast.error")
    if refused.count() > errors:
        raise AssertionError(f"the server refused: {refused.last.inner_text()}")


def first(page: Any, selector: str) -> Any | None:
    locator = page.locator(selector)
    return locator.first if locator.count() else None


def pick_cards(page: Any, count: int) -> None:
    """Tap ``count`` of the cards offered for a card action (the hand's own, then any extra ones)."""
    for _ in range(count):
        card = first(page, PICKABLE)
        if card is None:
            return
        card.click()


def divide(page: Any) -> None:
    """Split into the hands asked: the first allowed split if the descriptor lists them, else
    the cards in the order offered (each tap fills the first hand with room)."""
    select = first(page, "#controls select.splits")
    if select is not None:
        select.select_option(index=1)
    else:
        for _ in range(64):
            card = first(page, "#controls [data-form=divide] .pick-row button.card")
            if card is None:
                break
            card.click()
    click_and_wait(page, page.locator("#controls [data-action=split]"))


def play_turn(page: Any, choose: dict[str, str] | None = None) -> str:
    """One decision by the controls the page built: check or call when it can, otherwise the
    first thing each form offers (the fewest cards, the first option, the first row), folding
    only when nothing else is there. ``choose`` names an option per kind (``{"declare": "low"}``).
    Returns what it did."""
    choose = choose or {}
    game = first(page, "#controls [data-action=choose]")
    if game is not None:
        click_and_wait(page, game)
        return "choose"
    for kind in ("check", "call"):
        button = first(page, f"{ENABLED}[data-action={kind}]")
        if button is not None:
            click_and_wait(page, button)
            return kind
    cards = first(page, "#controls [data-form=cards] button[data-action]")
    if cards is not None:
        pick_cards(page, int(cards.get_attribute("data-min") or 0))
        button = first(page, "#controls [data-form=cards] button[data-action]:not([disabled])")
        assert button is not None, "no card action is enabled after picking its fewest cards"
        kind = button.get_attribute("data-action")
        click_and_wait(page, button)
        return str(kind)
    option = first(page, f"{ENABLED}[data-choice]")
    if option is not None:
        kind = option.get_attribute("data-action")
        wanted = choose.get(str(kind))
        if wanted:
            option = page.locator(f"{ENABLED}[data-action={kind}][data-choice={wanted}]").first
        choice = option.get_attribute("data-choice")
        click_and_wait(page, option)
        return f"{kind} {choice}"
    if first(page, "#controls [data-form=divide]") is not None:
        divide(page)
        return "split"
    for kind in PASSIVE:
        button = first(page, f"{ENABLED}[data-action={kind}]")
        if button is not None:
            click_and_wait(page, button)
            return kind
    plain = first(page, f"#controls [data-form=plain] {ENABLED.split(' ', 1)[1]}:not([data-action=fold])")
    if plain is not None:
        kind = plain.get_attribute("data-action")
        click_and_wait(page, plain)
        return str(kind)
    amount = first(page, f"#controls [data-form=amount] {ENABLED.split(' ', 1)[1]}")
    if amount is not None:
        kind = amount.get_attribute("data-action")
        click_and_wait(page, amount)
        return str(kind)
    click_and_wait(page, page.locator(f"{ENABLED}[data-action=fold]"))
    return "fold"
