// The house rules a dealer may call with the game (dealer's choice): one control a rule the game
// documents (GET /api/games/NAME's `options`), set to what the table plays; the call is what the
// dealer changed. The server checks it; the page only offers what the game documents.

import { el } from "./util.js";

/** The control's value as the option's type: a box's tick, a number's whole number, else the text. */
export function valueOf(option, control) {
  if (typeof option.default === "boolean") return control.checked;
  if (typeof option.default === "number") return Number(control.value);
  return control.value;
}

/** One control for `option` ({name, default, doc, choices, bounds}), showing `value`. */
export function control(option, value) {
  const common = { name: option.name, dataset: { option: option.name }, "aria-label": option.name.replaceAll("_", " ") };
  if (typeof option.default === "boolean") return el("input", { ...common, type: "checkbox", checked: value === true });
  if (typeof option.default === "number") {
    const [min, max] = option.bounds ?? [0, null];
    return el("input", { ...common, type: "number", min, ...(max === null ? {} : { max }), step: 1, value });
  }
  if (option.choices?.length) return el("select", common, option.choices.map((choice) => el("option", { value: choice, selected: choice === String(value) }, choice)));
  return el("input", { ...common, type: "text", value });
}

/** What the dealer called: each option whose control differs from `inForce` (NAME: value), by name. */
export function called(options, controls, inForce) {
  const out = {};
  options.forEach((option, i) => {
    const value = valueOf(option, controls[i]);
    if (JSON.stringify(value) !== JSON.stringify(inForce[option.name] ?? option.default)) out[option.name] = value;
  });
  return out;
}

/**
 * The house rules of game `name` as a closed <details>, filled from `describe(name)` (a promise of
 * the catalogue's entry) when opened, each set to the table's (`house`, NAME: value); `call()` gives
 * what the dealer changed.
 */
export function houseRules(name, describe, house) {
  let options = [];
  let controls = [];
  const list = el("ul", { class: "calls" });
  const box = el("details", { class: "house-rules", dataset: { calls: name } }, el("summary", {}, "House rules"), list);
  box.addEventListener("toggle", async () => {
    if (!box.open || options.length) return;
    options = (await describe(name))?.options ?? [];
    controls = options.map((option) => control(option, house[option.name] ?? option.default));
    list.replaceChildren(...options.map((option, i) => el("li", {}, el("label", {}, el("code", {}, option.name), " ", controls[i]), el("span", { class: "doc" }, ` ${option.doc ?? ""}`))));
    if (!options.length) list.replaceChildren(el("li", {}, "This game has no house rules to call."));
  });
  return { box, call: () => called(options, controls, house) };
}

/** The house rules a finished hand was played under, in words ("qualifier none · low low-27"), or "". */
export function calledWords(options) {
  return Object.entries(options ?? {})
    .map(([name, value]) => `${name.replaceAll("_", " ")} ${value === true ? "on" : value === false ? "off" : value}`)
    .join(" · ");
}
