// What the host page's modules share: the host secret (the URL fragment, kept for the tab), the
// API with it, toasts, copyable links and the invite links kept in this browser.

import { el } from "./util.js";

const KEY = "homegame.host";
const LINKS = "homegame.host.links";

function secret() {
  const fragment = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (fragment) {
    try {
      sessionStorage.setItem(KEY, fragment);
    } catch {
      /* kept in the page only */
    }
    history.replaceState(null, "", location.pathname);
    return fragment;
  }
  try {
    return sessionStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

export const token = secret();
export const $ = (id) => document.getElementById(id);

export async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new Error(data?.error ?? `${response.status} ${response.statusText}`);
  return data;
}

export function toast(text, kind = "info") {
  const node = el("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  $("toasts").append(node);
  setTimeout(() => node.remove(), 4000);
}

/** Run a request of the host's; a refusal is a toast. */
export async function attempt(doing) {
  try {
    return await doing();
  } catch (error) {
    toast(String(error.message ?? error), "error");
    return null;
  }
}

export function savedLinks() {
  try {
    return JSON.parse(localStorage.getItem(LINKS) ?? "{}");
  } catch {
    return {};
  }
}

/** Keep a table's links (`answer`: {invites, spectate}), or one seat's new invite (`seat`, `url`). */
export function saveLinks(table, answer, seat, url) {
  const all = savedLinks();
  const links = answer ? { invites: answer.invites, spectate: answer.spectate, join: answer.join } : all[table] ?? { invites: [], spectate: null };
  if (seat !== undefined) links.invites[seat] = url;
  all[table] = links;
  try {
    localStorage.setItem(LINKS, JSON.stringify(all));
  } catch {
    /* the links stay on screen only */
  }
}

/** Keep a table's new open link (open seating). */
export function saveJoinLink(table, url) {
  const all = savedLinks();
  all[table] = { ...(all[table] ?? { invites: [], spectate: null }), join: url };
  try {
    localStorage.setItem(LINKS, JSON.stringify(all));
  } catch {
    /* the link stays on screen only */
  }
}

async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Copied");
  } catch {
    input.select();
    toast("Selected: copy it with Ctrl+C");
  }
}

export function linkRow(label, url) {
  const input = el("input", { type: "text", readonly: true, value: url, "aria-label": label });
  return el("li", {}, el("span", { class: "muted" }, label), input, el("button", { type: "button", class: "act secondary", "aria-label": `Copy ${label}`, onclick: () => copy(url, input) }, "Copy"));
}
