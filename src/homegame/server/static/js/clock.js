// The decision clock: the seconds left of the seat on the clock (the snapshot's `clock`), counted
// down on the page between snapshots, then its time bank.

let shown = null; // the snapshot's clock being counted down
let since = 0; // when it came (performance.now())

/** Seconds and whether the bank is running, `gone` ms after a clock {deadline_ms, bank_ms} came. */
export function clockLeft(clock, gone) {
  const left = Math.max(0, clock.deadline_ms - gone);
  const bank = Math.max(0, clock.bank_ms - Math.max(0, gone - clock.deadline_ms));
  return { seconds: Math.ceil((left > 0 ? left : bank) / 1000), bank: left <= 0, low: left < 10000 };
}

/** Show the time left in the clock of the seat on the clock (`[data-clock-seat]`). */
export function tickClock(clock) {
  if (clock !== shown) {
    shown = clock;
    since = performance.now();
  }
  for (const node of document.querySelectorAll("[data-clock-seat]")) {
    if (!clock || Number(node.dataset.clockSeat) !== clock.seat) {
      node.textContent = "";
      continue;
    }
    const { seconds, bank, low } = clockLeft(clock, performance.now() - since);
    node.textContent = `${bank ? "bank " : ""}${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    node.classList.toggle("low", low);
  }
}
