// Keys: F fold, C check or call, K check, B or R bet or raise (type the amount, Enter), D draw,
// ? the menu. A key presses the first enabled control of its kinds.

const KEYS = { f: ["fold"], c: ["check", "call"], k: ["check"], b: ["bet_to", "raise_to"], r: ["raise_to", "bet_to"], d: ["draw"] };

/** The action kinds a key stands for, in the order tried (none: not a key of the table). */
export function kindsOf(key) {
  return KEYS[key.toLowerCase()] ?? [];
}

/** The keydown handler; `openMenu()` opens the menu. */
export function onKey(event, openMenu) {
  const amount = event.target.closest?.("[data-amount]");
  if (amount && event.key === "Enter") {
    amount.parentElement.querySelector(`button[data-action="${amount.dataset.amount}"]`)?.click();
    event.preventDefault();
    return;
  }
  if (event.target.closest?.("input, select, textarea") || document.querySelector("dialog[open]")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "?") {
    openMenu();
    return;
  }
  for (const kind of kindsOf(event.key)) {
    const input = document.querySelector(`#controls [data-amount="${kind}"]`);
    if (input && (event.key === "b" || event.key === "r")) {
      input.focus();
      input.select();
      event.preventDefault();
      return;
    }
    const button = document.querySelector(`#controls button[data-action="${kind}"]:not([disabled])`);
    if (button) {
      button.click();
      event.preventDefault();
      return;
    }
  }
}
