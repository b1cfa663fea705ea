// The table page, wired: the connection's messages update the one record (state.js), and each
// change draws the page again from it with the renderers. Nothing here works out a pot, a hand or
// a winner: the snapshot says them (docs/protocol.md, docs/wire.md).

import { pageTitle } from "./alerts.js";
import { setupChat } from "./chat.js";
import { tickClock } from "./clock.js";
import { connect, isStopped, keepSecret, send, stop, tableName, welcomed } from "./connection.js";
import { buildControls } from "./controls.js";
import { catalogue, confirmDialog, drawLedger, gamePicker, gameTitle, showRules, toast } from "./dialogs.js";
import { drawHistory, keptName, loadHistory, mergeHistory, remember, replay } from "./history.js";
import { onKey } from "./keys.js";
import { drawBomb, drawKill, drawMiddle, straddleButton } from "./middle.js";
import { drawResult } from "./result.js";
import { drawMe, drawSeats } from "./seats.js";
import { resendAfterWelcome } from "./sending.js";
import { feltOf, handNames, seatViewOf, tableSeatOf } from "./snapshot.js";
import { current, update } from "./state.js";
import { setupTalk } from "./talk.js";
import { chips, el, fill, words } from "./util.js";

const $ = (id) => document.getElementById(id);
const historyKey = `homegame.hands.${tableName()}`;
let heardChat = () => {}; // setupChat's, once the page is wired
let talk = { heard: () => false, drew: () => {} }; // setupTalk's, once the page is wired
const CONNECTION = { connecting: "Connecting…", connected: "Connected", reconnecting: "Reconnecting…", closed: "Disconnected" };
const CLOSED = {
  "taken over": "This seat is open in another window: reload this page to play here instead.",
  "table closed": "The table is closed.",
  "bad token": "This link no longer works: ask the host for a new one.",
};

function setConnection(connection, text) {
  update({ connection });
  const banner = $("conn");
  banner.dataset.state = connection;
  const resending = connection === "reconnecting" && current().sentAct ? " (your move is sent again once back)" : "";
  banner.textContent = text ?? CONNECTION[connection] + resending;
  document.body.dataset.connection = connection;
}

function sendOrSay(message) {
  if (send(message)) return true;
  toast(isStopped() ? "Not connected: reload the page." : "Not connected: wait a moment.", "error");
  return false;
}

function rest() {
  $("controls").classList.remove("sending");
  update({ sentTurn: null, sentAct: null });
}

function onMessage(data) {
  update({ hand: data.hand, seq: data.seq });
  if (data.type === "welcome") {
    welcomed(data.heartbeat_ms);
    keepSecret(data.token);
    send({ type: "ready" }); // the new secret is kept: the one before it may stop working
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    update({ you: data.you });
    const again = resendAfterWelcome(current(), data.state); // sent into a stalled connection, perhaps lost
    if (again) send(again);
    else rest();
    if (data.you !== null) send({ type: "history" }); // the seat's previous hands, as the server kept them
    setConnection("connected", data.you === null ? "Watching" : undefined);
    document.body.classList.toggle("spectator", data.you === null); // a spectator's menu has no seat's commands
    render(data.state);
    heardChat(data.chat ?? [], true);
  } else if (data.type === "chat") heardChat([data]);
  else if (talk.heard(data)) return;
  else if (data.type === "state") {
    // A state of the decision just answered (another seat moved meanwhile) keeps the controls at
    // rest: the answer is on its way. Another decision, or none, frees them.
    if (current().sentTurn === null || data.state.turn !== current().sentTurn) rest();
    render(data.state);
    if ($("ledger").open && data.hand !== current().ledgerHand && !data.state.view) askLedger(); // a hand ended
  } else if (data.type === "ledger") drawLedger(data.ledger);
  else if (data.type === "history") heardHistory(data.hands);
  else if (data.type === "preview") {
    update({ preview: data }); // the server's judgement of the split being arranged (divide.js shows it)
    render(current().state);
  } else if (data.type === "error") {
    rest();
    toast(data.message, "error");
  } else if (data.type === "closed") {
    stop();
    setConnection("closed", CLOSED[data.reason] ?? `Closed: ${data.reason}`);
  }
}

function act(action) {
  // One answer per decision: the controls rest until the next snapshot (or a refusal) arrives.
  const { hand, seq, turn } = current();
  const message = { type: "act", hand, seq, action };
  if (sendOrSay(message)) {
    $("controls").classList.add("sending");
    update({ sentTurn: turn, sentAct: message });
  }
}

// A page of the seat's previous hands from the server: kept with the others, and whether to offer older ones.
function heardHistory(hands) {
  const { state, you } = current();
  update({ history: mergeHistory(current().history, hands, (dealt) => handNames(state, dealt, you)), historyMore: hands.length > 0 });
  render(current().state);
}

function askOlder() {
  const oldest = Math.min(...current().history.keys());
  if (Number.isFinite(oldest)) sendOrSay({ type: "history", before: oldest });
}

function askLedger() {
  update({ ledgerHand: current().hand });
  sendOrSay({ type: "ledger" });
}

// Once the host answers the seat's rebuy, say how: approved (the chips come now, or when the seat's
// hand ends) or refused.
function tellRebuyAnswer(asked, mine) {
  const before = current().rebuyAsked;
  update({ rebuyAsked: asked ? { amount: asked.amount, stack: mine?.stack ?? 0 } : null });
  if (!before || asked || !mine) return;
  if (mine.approved) toast(`The host approved your rebuy of ${chips(before.amount)}: the chips come when this hand ends.`);
  else if (mine.stack - before.stack >= before.amount) toast(`The host approved your rebuy of ${chips(before.amount)}.`);
  else toast(`The host refused your rebuy of ${chips(before.amount)}.`, "error");
}

function drawMenu(state, you) {
  const mine = you === null ? null : state.seats[you];
  const status = mine?.status;
  $("sit-out").hidden = status === "sitting_out";
  $("sit-in").hidden = status !== "sitting_out";
  // Owing missed blinds, a player may post them or wait for the big blind instead (Robert's Rules).
  $("sit-in-wait").hidden = status !== "sitting_out" || !mine?.owes.length;
  fill($("sit-in"), mine?.owes.length ? "Sit in and post the blinds" : "Sit in");
  const asked = state.rebuys.find((r) => r.seat === you);
  tellRebuyAnswer(asked, mine);
  const gone = status === "left";
  for (const id of ["sit-out", "rebuy", "rebuy-amount", "leave"]) $(id).disabled = gone; // a seat cashed out has nothing to ask
  const notes = gone ? ["You left the table"] : [state.status !== "playing" ? words(state.status) : "", asked ? `rebuy of ${chips(asked.amount)} waiting for the host` : ""];
  $("status").dataset.status = state.status;
  fill($("status"), notes.filter(Boolean).join(" · "));
}

function render(state) {
  const { you, hand } = update({ state, turn: state.turn });
  const view = state.view;
  const legal = view?.legal ?? [];
  const myTurn = legal.length > 0 || (state.choosing !== null && state.choosing.seat === you);
  const title = state.game?.title ?? state.title;
  document.title = pageTitle(myTurn, title);
  // The game in play, and the table's own title when it says more (a mix, dealer's choice, the host's name for it).
  const more = state.game && state.title !== state.game.title ? el("span", { class: "table-title" }, ` · ${state.title}`) : null;
  fill($("title"), title, more);
  fill($("hand-no"), hand ? `hand ${hand}` : "");
  drawKill($("kill"), state);
  drawBomb($("bomb"), state);
  drawMenu(state, you);
  const key = JSON.stringify([hand, legal]);
  if (key !== current().turnKey) update({ turnKey: key, selection: new Set(), divide: {}, place: {}, amounts: {}, preview: null });
  const history = current().history;
  if (state.last) remember(history, historyKey, { ...state.last, names: handNames(state, state.last.dealt, you) });
  // Hooks for tests and tools: what the page has drawn.
  Object.assign(document.body.dataset, {
    hand: String(hand),
    seq: String(current().seq),
    over: String(Boolean(view?.over)),
    game: view?.game ?? state.game?.name ?? "",
    you: you === null ? "" : String(you),
    finished: String(Math.max(0, ...history.keys())),
    runout: state.runout ? `${state.runout.street}/${state.runout.streets}` : "",
  });
  const felt = feltOf(state); // the finished hand stays on the felt until the next deal
  drawSeats($("seats"), $("felt"), felt.state, felt.view, you);
  drawMiddle($("middle"), felt.state, felt.view, you);
  drawMine();
  drawControls(state, view);
  drawFinished(state, view);
  drawPanel();
  tickClock(state.clocks);
  talk.drew(state);
}

function drawMine() {
  const { you, pickable, selection } = current();
  const felt = feltOf(current().state);
  update({ shownCards: drawMe($("me"), felt.state, felt.view, { you, pickable, selection, toggle: toggleCard }) });
}

function toggleCard(card) {
  const selection = new Set(current().selection);
  if (!selection.delete(card)) selection.add(card);
  update({ selection });
  render(current().state);
}

function drawControls(state, view) {
  const box = $("controls");
  const focused = document.activeElement?.closest?.("#controls [data-amount]")?.dataset.amount;
  box.replaceChildren();
  const { you } = current();
  const choosing = Boolean(state.choosing && state.choosing.seat === you && you !== null);
  document.body.classList.toggle("choosing", choosing); // the picker beside the last result (table.css)
  if (choosing) {
    box.append(gamePicker(state.choosing, (game, options) => sendOrSay({ type: "choose", game, ...(Object.keys(options).length ? { options } : {}) }), (name) => showRules(name, current().state), state.house?.options));
    return;
  }
  if (state.straddle?.seat === you && you !== null && !view) {
    box.append(straddleButton(state.straddle, (post) => sendOrSay({ type: "straddle", post })));
    return;
  }
  const legal = view?.legal ?? [];
  let pickable = new Set();
  if (legal.length) {
    const record = current();
    const ctx = {
      legal,
      view,
      me: seatViewOf(state, view, you),
      wild: view.wild,
      selection: record.selection,
      shown: record.shownCards,
      divide: { ...record.divide, preview: record.preview },
      place: record.place,
      amounts: record.amounts,
      send: act,
      ask: sendOrSay,
      confirm: confirmDialog,
      toggle: toggleCard,
      rerender: () => render(current().state),
      pickable: (set) => {
        pickable = set;
      },
    };
    box.append(buildControls(ctx));
    update({ divide: ctx.divide });
  } else if (view && !view.over && you !== null) {
    const waitingFor = view.to_act.filter((s) => tableSeatOf(state, s) !== you).map((s) => handNames(state, state.dealt, you)[s]);
    if (waitingFor.length) box.append(el("p", { class: "hint" }, `Waiting for ${waitingFor.join(", ")}`));
  }
  document.body.classList.toggle("dividing", legal.some((d) => d.form === "divide"));
  const before = current().pickable;
  update({ pickable });
  if (before.size !== pickable.size || [...pickable].some((card) => !before.has(card))) drawMine();
  if (focused) box.querySelector(`[data-amount="${focused}"]`)?.focus();
}

/** Keep the catalogue's games once fetched, then `then()`. */
function withGames(then) {
  return (list) => {
    update({ games: list });
    then();
  };
}

/** The result of this hand once it is over, else of the last one finished. */
function drawFinished(state, view) {
  const { hand, history, games, you } = current();
  let done = null;
  if (view?.over && view.result) done = { hand, game: view.game, events: view.events, result: view.result, view, name: (seat) => handNames(state, state.dealt, you)[seat] };
  else if (history.size) {
    const last = history.get(Math.max(...history.keys()));
    done = { ...last, name: keptName(last) };
  }
  if (!done) return drawResult($("result"), null);
  // At a table of several games, the result of a hand of another game than the one now in play says which.
  const other = done.game !== (view?.game ?? state.game?.name);
  if (other && !games) catalogue().then(withGames(() => drawFinished(current().state, current().state.view)));
  const kept = history.get(done.hand);
  drawResult($("result"), done, `Hand ${done.hand}${other ? ` (${gameTitle(games, done.game)})` : ""}: result`, kept ? () => replay(kept, $) : null);
}

function drawPanel() {
  if ($("panel").hidden) return;
  const { games, history } = current();
  if (!games) catalogue().then(withGames(drawPanel)); // the games' titles, then drawn again
  const older = current().historyMore ? askOlder : null;
  drawHistory($("history-list"), history, (name) => gameTitle(games, name), (last) => replay(last, $), older);
}

function setupMenu() {
  heardChat = setupChat($, sendOrSay, () => current().you, `homegame.chatHidden.${tableName()}`);
  talk = setupTalk($, sendOrSay, current, tableName());
  const four = localStorage.getItem("homegame.fourColour") === "1";
  document.body.classList.toggle("four-colour", four);
  $("four-colour").checked = four;
  $("four-colour").addEventListener("change", (e) => {
    document.body.classList.toggle("four-colour", e.target.checked);
    localStorage.setItem("homegame.fourColour", e.target.checked ? "1" : "0");
  });
  $("open-hands").addEventListener("click", () => {
    const panel = $("panel");
    panel.hidden = !panel.hidden;
    $("open-hands").setAttribute("aria-expanded", String(!panel.hidden));
    drawPanel();
  });
  $("open-menu").addEventListener("click", () => $("menu").showModal());
  $("menu-close").addEventListener("click", () => $("menu").close());
  $("rules-close").addEventListener("click", () => $("rules").close());
  $("ledger-close").addEventListener("click", () => $("ledger").close());
  $("open-ledger").addEventListener("click", () => {
    $("menu").close();
    fill($("ledger-body"), "Loading…");
    $("ledger").showModal();
    askLedger();
  });
  $("replay-close").addEventListener("click", () => $("replay").close());
  $("sit-out").addEventListener("click", () => {
    sendOrSay({ type: "sit_out" });
    $("menu").close();
  });
  $("sit-in").addEventListener("click", () => {
    sendOrSay({ type: "sit_in" });
    $("menu").close();
  });
  $("sit-in-wait").addEventListener("click", () => {
    sendOrSay({ type: "sit_in", wait: true });
    $("menu").close();
  });
  $("rebuy").addEventListener("click", () => {
    if (!$("rebuy-amount").reportValidity()) return; // the browser says why, over the menu
    const amount = Number($("rebuy-amount").value);
    sendOrSay({ type: "rebuy", amount });
    toast("Rebuy asked: the host will answer.");
    $("menu").close();
  });
  $("game-rules").addEventListener("click", () => {
    const state = current().state;
    const name = state?.game?.name ?? state?.view?.game;
    if (name) showRules(name, state);
  });
  $("leave").addEventListener("click", async () => {
    $("menu").close();
    if (await confirmDialog("Leave the table? You cash out at the end of this hand.")) {
      sendOrSay({ type: "leave" });
      toast("Leaving: you cash out when this hand ends.");
    }
  });
  document.addEventListener("keydown", (event) => onKey(event, () => $("menu").showModal()));
}

update({ history: loadHistory(historyKey) });
setupMenu();
setInterval(() => tickClock(current().state?.clocks ?? []), 500);
setConnection("connecting");
connect(onMessage, setConnection);
