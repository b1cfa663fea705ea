// The host page's open seating (docs/protocol.md "Open seating"): the requests for a seat made by a
// table's open link, each with Approve and Deny (a request approved at a full table waits in line,
// shown with its place; a seat given and not yet taken can still be denied), and a new open link.

import { api, attempt, saveJoinLink, toast } from "./host_common.js";
import { chips, el, fill } from "./util.js";

function button(action, text, onclick, kind = "secondary") {
  return el("button", { type: "button", class: `act ${kind}`, dataset: { action }, onclick }, text);
}

async function answer(table, request, approve) {
  if (await attempt(() => api("POST", `/api/tables/${table}/requests/${request.request}`, { approve }))) {
    toast(approve ? `${request.name}: approved` : `${request.name}: denied`);
  }
}

function words(request) {
  const seat = request.wanted === null ? "any seat" : `seat ${request.wanted + 1}`;
  if (request.status === "asked") return `${request.name} asks for ${seat}, buying in for ${chips(request.buy_in)}`;
  if (request.status === "waiting") return `${request.name}: approved, number ${request.position} in line for a seat`;
  return `${request.name}: seat ${request.seat + 1} is kept for them (not yet sat)`;
}

/** Draw a table's requests for a seat (`table.requests` of the host's listing) in `box`. */
export function showRequests(box, table) {
  fill(
    box,
    (table.requests ?? []).map((request) =>
      el(
        "li",
        { dataset: { request: request.request, status: request.status } },
        `${words(request)} `,
        request.status === "asked" ? button("seat-approve", "Approve", () => answer(table.table, request, true), "") : null,
        button("seat-deny", "Deny", () => answer(table.table, request, false), "danger"),
      ),
    ),
  );
}

/** A button that makes the table a new open link (the old one stops working); `shown` redraws the links. */
export function newLinkButton(table, shown) {
  return button("open-link", "New table link", async () => {
    const made = await attempt(() => api("POST", `/api/tables/${table}/link`));
    if (!made) return;
    saveJoinLink(table, made.join);
    shown();
    toast("A new table link: the old one no longer works");
  });
}
