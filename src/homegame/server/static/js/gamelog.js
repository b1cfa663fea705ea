// The game log: the table's events in order, one line each with its time (hands and who won
// what, chats, mutes, rebuys, sit-outs, the host's actions), as the server words them
// (docs/protocol.md "Game log"). A player asks for it ({"type": "log"}) from the menu; the host's
// page reads the same lines (js/host_talk.js). Every line is drawn as text, and downloads as text.

import { el, fill } from "./util.js";

/** A line's time as the downloaded text says it: the date and time in UTC. */
export function utcTime(at) {
  return `${new Date(at).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** The lines as the text file a player or the host downloads (the server's `?format=text`). */
export function logText(lines) {
  return lines.map((line) => `${utcTime(line.at)}  ${line.text}\n`).join("");
}

/** Draw the lines into `list`, the time (this device's clock) then the text, each a text node. */
export function drawLog(list, lines) {
  const time = (at) => new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  fill(
    list,
    lines.length ? lines.map((line) => el("li", {}, el("span", { class: "log-time" }, time(line.at)), " ", el("span", { class: "log-text" }, line.text))) : el("li", { class: "muted" }, "Nothing yet."),
  );
}

/** Offer `text` as a file named `name`. */
export function saveText(text, name) {
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

/** Wire the menu's Game log: ask the server, show its answer. Returns `heard(data)` for its `log` answers. */
export function setupLog($, send, name) {
  let lines = [];
  $("open-log").addEventListener("click", () => {
    $("menu").close();
    fill($("game-log-list"), el("li", { class: "muted" }, "Loading…"));
    $("game-log").showModal();
    send({ type: "log" });
  });
  $("game-log-close").addEventListener("click", () => $("game-log").close());
  $("game-log-download").addEventListener("click", () => saveText(logText(lines), `log-${name}.txt`));
  return (data) => {
    lines = data.lines;
    drawLog($("game-log-list"), lines);
  };
}
