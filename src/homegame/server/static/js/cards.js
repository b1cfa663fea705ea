// Cards drawn as SVG: readable at a glance, the suits in two or four colours (a class on <body>).

const SVG = "http://www.w3.org/2000/svg";
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const RANK_PLURALS = { six: "sixes" };
const SUITS = { s: ["♠", "spades"], h: ["♥", "hearts"], d: ["♦", "diamonds"], c: ["♣", "clubs"] };

/** What a screen reader says: "ace of spades", "joker", "face-down card". */
export function cardName(text) {
  if (text === "??") return "face-down card";
  if (text === "Jk") return "joker";
  return `${RANK_NAMES[text[0]]} of ${SUITS[text[1]][1]}`;
}

/** "Q" -> "queens" (for "queens wild"). */
export function rankPlural(rank) {
  const name = RANK_NAMES[rank];
  return RANK_PLURALS[name] ?? `${name}s`;
}

function svgNode(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The SVG picture of one card (a face, a joker or a back). */
export function cardSvg(text) {
  const svg = svgNode("svg", { viewBox: "0 0 60 84", "aria-hidden": "true", focusable: "false" });
  if (text === "??") {
    svg.append(svgNode("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "back" }));
    svg.append(svgNode("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, class: "back-inner" }));
    svg.append(svgNode("path", { d: "M30 22 L44 42 L30 62 L16 42 Z", class: "back-mark" }));
    return svg;
  }
  svg.append(svgNode("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "face" }));
  if (text === "Jk") {
    svg.append(svgNode("text", { x: 6, y: 20, class: "rank joker" }, "JK"));
    svg.append(svgNode("text", { x: 30, y: 64, "text-anchor": "middle", class: "pip joker" }, "★"));
    return svg;
  }
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  const [symbol] = SUITS[suit];
  svg.append(svgNode("text", { x: rank === "10" ? 3 : 6, y: 24, class: `rank suit-${suit}` }, rank));
  svg.append(svgNode("text", { x: 54, y: 24, "text-anchor": "end", class: `corner suit-${suit}` }, symbol));
  svg.append(svgNode("text", { x: 30, y: 70, "text-anchor": "middle", class: `pip suit-${suit}` }, symbol));
  return svg;
}

/**
 * One card element carrying data-card (notation, "??" face down). Options: `wild` marks a wild
 * card; `onclick` makes it a toggle button (aria-pressed), `selected` its state; `size` a class.
 */
export function cardElement(text, { wild = "", onclick = null, selected = false, size = "", label = "" } = {}) {
  const node = document.createElement(onclick ? "button" : "span");
  node.className = `card ${size}`.trim();
  node.dataset.card = text;
  if (wild) {
    node.dataset.wild = "true";
    node.classList.add("wild");
  }
  const kind = wild === true ? "wild" : wild || "";
  const name = cardName(text) + (kind ? `, ${kind === "bug" ? "the bug" : "wild"}` : "");
  if (onclick) {
    node.type = "button";
    node.setAttribute("aria-pressed", selected ? "true" : "false");
    node.setAttribute("aria-label", label || name);
    node.addEventListener("click", onclick);
  } else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label || name);
  }
  node.append(cardSvg(text));
  if (wild) {
    const badge = document.createElement("span");
    badge.className = "wild-badge";
    badge.textContent = kind;
    badge.setAttribute("aria-hidden", "true");
    node.append(badge);
  }
  return node;
}

/** How this card is wild, given the view's `wild` ({ranks, cards, jokers, bug}): "wild", "bug" or "". */
export function wildKind(card, wild) {
  if (card === "??" || !wild) return "";
  if (card === "Jk") return wild.jokers ? "wild" : wild.bug ? "bug" : "";
  return wild.cards.includes(card) || wild.ranks.includes(card[0]) ? "wild" : "";
}
