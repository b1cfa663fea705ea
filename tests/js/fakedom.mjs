// A DOM just large enough for the page's el, fill and cardElement under Node: elements keep their
// children, attributes and dataset; text is text. Importing this module installs it as `document`.

export class FakeNode {}

export class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    Object.assign(this, { tag, children: [], dataset: {}, className: "", attributes: {}, innerHTML: null, style: {} });
    this.classList = { add: (name) => (this.className = `${this.className} ${name}`.trim()) };
  }
  append(...children) {
    for (const child of children) child.parent = this;
    this.children.push(...children);
  }
  get firstElementChild() {
    return this.children.find((child) => child instanceof FakeElement) ?? null;
  }
  after(...nodes) {
    const siblings = this.parent.children;
    for (const node of nodes) node.parent = this.parent;
    siblings.splice(siblings.indexOf(this) + 1, 0, ...nodes);
  }
  replaceChildren(...children) {
    this.children = [];
    this.append(...children);
  }
  setAttribute(name, value) {
    this.attributes[name] = value;
  }
  addEventListener(kind, handler) {
    this.attributes[`on${kind}`] = handler;
  }
}

export class FakeText extends FakeNode {
  constructor(data) {
    super();
    this.data = data;
  }
}

globalThis.Node = FakeNode;
globalThis.document = {
  createElement: (tag) => new FakeElement(tag),
  createElementNS: (_, tag) => new FakeElement(tag),
  createTextNode: (data) => new FakeText(data),
};

/** Every node under `node`, itself first. */
export function walk(node, out = []) {
  out.push(node);
  for (const child of node.children ?? []) walk(child, out);
  return out;
}

/** The text under `node`, joined. */
export function textOf(node) {
  return walk(node)
    .filter((n) => n instanceof FakeText)
    .map((n) => n.data)
    .join("");
}
