// A player's choices for this device (sounds, alerts, the deck, the felt), kept in localStorage:
// they change nothing for anyone else. A storage that refuses (private mode, a full disk) keeps the
// default, and the page works on.

/** The choice kept under `key`, if it is one of `allowed`; else `fallback`. */
export function readPref(storage, key, fallback, allowed = null) {
  let kept = null;
  try {
    kept = storage.getItem(key);
  } catch {
    return fallback;
  }
  if (kept === null) return fallback;
  const choices = allowed ?? [fallback];
  if (typeof fallback === "boolean") return kept === "1" ? true : kept === "0" ? false : fallback;
  return choices.includes(kept) ? kept : fallback;
}

/** Keep a choice (true and false as "1" and "0"). */
export function writePref(storage, key, value) {
  try {
    storage.setItem(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
  } catch {
    /* kept for this page only */
  }
}
