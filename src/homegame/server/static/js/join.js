// The page of a table's open link (/t/TABLE/join#SECRET, docs/protocol.md "Open seating"): the
// free seats, a name and a buy-in, a request for a seat, then where it stands (waiting for the
// host, a place in line) until the seat is given: then the table page, with the request's secret,
// which sits exactly as an invite does. Nothing here decides anything: the server says.

import { el, fill } from "./util.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
const LINK = `homegame.join.link.${tableId}`;
const ASKED = `homegame.join.${tableId}`;
const RETRY_MS = 2000;
const TOLD = {
  asked: () => "Asked: waiting for the host to say yes.",
  waiting: (told) => `Approved: number ${told.position} in line for a seat.`,
  seated: (told) => `Seat ${told.seat + 1} is yours: taking you to the table…`,
  denied: () => "The host said no to this request.",
};

function kept(storage, key) {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function keep(storage, key, value) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    /* private mode: the page keeps it while it is open */
  }
}

// The open link's secret: from the fragment (then out of the address bar), else kept for the tab.
function linkSecret() {
  const fragment = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (!fragment) return kept(sessionStorage, LINK) ?? "";
  keep(sessionStorage, LINK, fragment);
  history.replaceState(null, "", location.pathname);
  return fragment;
}

const secret = linkSecret();

async function call(method, path, bearer, body) {
  const response = await fetch(path, {
    method,
    cache: "no-store",
    headers: { Authorization: `Bearer ${bearer}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(data.error ?? `${response.status} ${response.statusText}`), { status: response.status });
  return data;
}

function seatChoice(seat) {
  const label = seat.free ? `Seat ${seat.seat + 1}: free` : `Seat ${seat.seat + 1}: ${seat.name}`;
  return el("label", { class: "check" }, el("input", { type: "radio", name: "seat", value: String(seat.seat), disabled: !seat.free }), label);
}

function drawTable(table) {
  document.title = `homegame: ${table.title}`;
  fill($("join-title"), table.title);
  if (table.status === "closed") {
    fill($("join-problem"), "This table is closed.");
    return;
  }
  const anyFree = table.seats.some((seat) => seat.free);
  const any = el("label", { class: "check" }, el("input", { type: "radio", name: "seat", value: "", checked: true }), anyFree ? "Any free seat" : "The table is full: wait in line for a seat");
  fill($("join-seats"), any, table.seats.map(seatChoice));
  const buyIn = $("join-buy-in");
  Object.assign(buyIn, { min: table.buy_in.min, max: table.buy_in.max, value: table.buy_in.max });
  buyIn.readOnly = table.buy_in.min === table.buy_in.max;
  fill($("join-bounds"), table.buy_in.min === table.buy_in.max ? `Everyone buys in for ${table.buy_in.min}.` : `From ${table.buy_in.min} to ${table.buy_in.max} chips.`, table.auto_approve ? " The table seats you as you ask." : " The host approves each seat.");
  $("ask-form").hidden = false;
}

function showStatus(told) {
  const status = $("join-status");
  status.dataset.state = told.status;
  fill(status, TOLD[told.status]?.(told) ?? told.status);
}

// Where the request stands, again each time it changes (the server answers once it has, or after a while).
async function follow(request) {
  $("ask-form").hidden = true;
  let known = "";
  for (let turn = 0; turn < 100000; turn++) {
    let told;
    try {
      told = await call("GET", `/api/join/${encodeURIComponent(tableId)}/request?known=${encodeURIComponent(known)}`, request);
    } catch (error) {
      if (error.status === 401 || error.status === 404) {
        keep(localStorage, ASKED, null);
        fill($("join-problem"), "This request is no longer known: ask again.");
        return start();
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      continue;
    }
    known = told.key;
    showStatus(told);
    if (told.status === "seated") {
      keep(localStorage, ASKED, null);
      location.assign(told.link);
      return;
    }
    if (told.status === "denied") {
      keep(localStorage, ASKED, null);
      return;
    }
  }
}

async function ask(event) {
  event.preventDefault();
  fill($("join-problem"), "");
  const picked = document.querySelector("input[name=seat]:checked")?.value ?? "";
  const body = { seat: picked === "" ? null : Number(picked), name: $("join-name").value, buy_in: Number($("join-buy-in").value) };
  try {
    const asked = await call("POST", `/api/join/${encodeURIComponent(tableId)}`, secret, body);
    keep(localStorage, ASKED, asked.secret);
    showStatus(asked);
    follow(asked.secret);
  } catch (error) {
    fill($("join-problem"), String(error.message ?? error));
  }
}

async function start() {
  try {
    drawTable(await call("GET", `/api/join/${encodeURIComponent(tableId)}`, secret));
  } catch (error) {
    fill($("join-problem"), secret ? String(error.message ?? error) : "No table link: open the link the host shared.");
  }
}

$("ask-form").addEventListener("submit", ask);
const asked = kept(localStorage, ASKED);
if (asked) follow(asked);
else start();
