// Small DOM helpers shared by the table and the host page.

/** Build an element: el("button", {class: "x", dataset: {action: "fold"}, onclick}, "Fold"). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") node.style.cssText = value; // CSSOM: allowed by a policy without inline styles
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "html") node.innerHTML = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace the children of a node. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** "raise_to" -> "Raise to". */
export function words(kind) {
  const text = String(kind).replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Chips as people read them: 1,200. */
export function chips(amount) {
  return amount.toLocaleString("en-US");
}
