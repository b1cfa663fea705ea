// The decision clocks: the time left of each seat on the clock (the snapshot's `clocks`: in a
// simultaneous decision each seat deciding has its own), counted down on the page between
// snapshots, then its time bank.

let shown = null; // the snapshot's clocks being counted down
let since = 0; // when they came (performance.now())

/** Seconds left and whether the bank is running, `gone` ms after a clock {deadline_ms, bank_ms} came. */
export function clockLeft(clock, gone) {
  const left = Math.max(0, clock.deadline_ms - gone);
  const bank = Math.max(0, clock.bank_ms - Math.max(0, gone - clock.deadline_ms));
  return { seconds: Math.ceil((left > 0 ? left : bank) / 1000), bank: left <= 0, low: left < 10000 };
}

/** Show the time left in the clock of each seat on the clock (`[data-clock-seat]`). */
export function tickClock(clocks) {
  if (clocks !== shown) {
    shown = clocks;
    since = performance.now();
  }
  const bySeat = new Map(clocks.map((clock) => [clock.seat, clock]));
  for (const node of document.querySelectorAll("[data-clock-seat]")) {
    const clock = bySeat.get(Number(node.dataset.clockSeat));
    if (!clock) {
      node.textContent = "";
      continue;
    }
    const { seconds, bank, low } = clockLeft(clock, performance.now() - since);
    node.textContent = `${bank ? "bank " : ""}${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    node.classList.toggle("low", low);
  }
}
