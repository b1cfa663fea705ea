// The table page: says hello with the seat's secret, keeps the rotated one, draws each snapshot.

import { cardElement, isWild, notation, rankPlural } from "./cards.js";
import { buildControls } from "./controls.js";
import { describeEvent, describeResult, replayState } from "./describe.js";
import { chips, el, fill, pairs, words } from "./util.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");
const storeKey = `homegame.seat.${tableId}`;
const historyKey = `homegame.hands.${tableId}`;
const $ = (id) => document.getElementById(id);

const app = {
  socket: null,
  state: null,
  you: null,
  hand: 0,
  seq: 0,
  turn: null, // the snapshot's turn: when my decision began (null when I have none)
  sentTurn: null, // the turn my last action answered, until a state of another decision comes
  ledgerHand: -1,
  rebuyAsked: null, // the seat's rebuy waiting for the host ({amount, stack}), to tell the answer
  connection: "connecting",
  attempts: 0,
  stopped: false,
  selection: new Set(),
  turnKey: "",
  divide: {},
  place: {},
  history: new Map(),
  games: null, // the catalogue, once fetched (catalogue())
  catalogue: null,
  clockAt: 0,
  pickable: new Set(),
};

// ---- the seat's secret: from the invite link's fragment, then the rotated one kept locally ----

function loadSecret() {
  const fragment = decodeURIComponent(location.hash.replace(/^#/, ""));
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(storeKey) ?? "null");
  } catch {
    kept = null;
  }
  if (fragment && (!kept || kept.invite !== fragment)) return { invite: fragment, token: fragment };
  return kept;
}

function keepSecret(token) {
  const kept = loadSecret() ?? { invite: "" };
  const record = { invite: kept.invite, token };
  try {
    localStorage.setItem(storeKey, JSON.stringify(record));
  } catch {
    /* private mode: reloads will need the link again */
  }
}

// ---- the connection ----

function setConnection(state, text) {
  app.connection = state;
  const banner = $("conn");
  banner.dataset.state = state;
  banner.textContent = text ?? { connecting: "Connecting…", connected: "Connected", reconnecting: "Reconnecting…", closed: "Disconnected" }[state];
  document.body.dataset.connection = state;
}

function connect() {
  const secret = loadSecret();
  if (!secret?.token) {
    setConnection("closed", "No seat: open your invite link.");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  app.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", token: secret.token, protocol: 1 }));
  });
  socket.addEventListener("message", (message) => {
    let data;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    onMessage(data);
  });
  socket.addEventListener("close", () => {
    if (app.socket !== socket) return;
    app.socket = null;
    if (app.stopped) return;
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  app.attempts += 1;
  if (app.attempts > 500) {
    setConnection("closed", "Disconnected: reload the page to try again.");
    return;
  }
  setConnection("reconnecting");
  const delay = Math.min(4000, 250 * 2 ** Math.min(app.attempts - 1, 4));
  setTimeout(connect, delay);
}

function onMessage(data) {
  if (typeof data.hand === "number") app.hand = data.hand;
  if (typeof data.seq === "number") app.seq = data.seq;
  switch (data.type) {
    case "welcome":
      app.attempts = 0;
      if (data.token) {
        keepSecret(data.token);
        send({ type: "ready" }); // the new secret is kept: the one before it may stop working
      }
      if (location.hash) history.replaceState(null, "", location.pathname + location.search);
      app.you = data.you ?? null;
      $("controls").classList.remove("sending");
      setConnection("connected", app.you === null ? "Watching" : undefined);
      document.body.classList.toggle("spectator", app.you === null); // a spectator's menu has no seat's commands
      render(data.state);
      break;
    case "state":
      // A state of the decision just answered (another seat moved meanwhile) keeps the controls at
      // rest: the answer is on its way. Another decision, or none, frees them.
      if (app.sentTurn == null || data.state?.turn !== app.sentTurn) {
        $("controls").classList.remove("sending");
        app.sentTurn = null;
      }
      render(data.state);
      if ($("ledger").open && data.hand !== app.ledgerHand && !data.state?.view) askLedger(); // a hand ended
      break;
    case "ledger":
      drawLedger(data.ledger ?? {});
      break;
    case "preview": // the server's judgement of the split being arranged (shown by controls.js)
      app.divide.preview = data;
      render(app.state);
      break;
    case "error":
      $("controls").classList.remove("sending");
      app.sentTurn = null;
      toast(data.message ?? data.code ?? "refused", "error");
      break;
    case "closed":
      app.stopped = true;
      setConnection("closed", {
        "taken over": "This seat is open in another window: reload this page to play here instead.",
        "table closed": "The table is closed.",
        "bad token": "This link no longer works: ask the host for a new one.",
      }[data.reason] ?? `Closed: ${data.reason}`);
      break;
    default:
      break;
  }
}

function send(message) {
  if (!app.socket || app.socket.readyState !== WebSocket.OPEN) {
    toast(app.stopped ? "Not connected: reload the page." : "Not connected: wait a moment.", "error");
    return false;
  }
  app.socket.send(JSON.stringify(message));
  return true;
}

function act(action) {
  // One answer per decision: the controls rest until the next snapshot (or a refusal) arrives.
  if (send({ type: "act", hand: app.hand, seq: app.seq, action })) {
    $("controls").classList.add("sending");
    app.sentTurn = app.turn;
  }
}

// ---- little views ----

// Once the host answers the seat's rebuy, say how: approved (the chips come now, or when the seat's
// hand ends) or refused.
function tellRebuyAnswer(asked, mine) {
  const before = app.rebuyAsked;
  app.rebuyAsked = asked ? { amount: asked.amount, stack: mine?.stack ?? 0 } : null;
  if (!before || asked || !mine) return;
  if (mine.approved) toast(`The host approved your rebuy of ${chips(before.amount)}: the chips come when this hand ends.`);
  else if (mine.stack - before.stack >= before.amount) toast(`The host approved your rebuy of ${chips(before.amount)}.`);
  else toast(`The host refused your rebuy of ${chips(before.amount)}.`, "error");
}

function toast(text, kind = "info") {
  const box = $("toasts");
  const node = el("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  box.append(node);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => node.remove(), 5000);
}

/** Ask before an all in or leaving; resolves to true on confirm. */
function confirmDialog(text) {
  const dialog = $("confirm");
  fill($("confirm-text"), text);
  return new Promise((resolve) => {
    const done = (answer) => {
      dialog.close();
      $("confirm-yes").onclick = null;
      $("confirm-no").onclick = null;
      resolve(answer);
    };
    $("confirm-yes").onclick = () => done(true);
    $("confirm-no").onclick = () => done(false);
    dialog.oncancel = () => done(false);
    dialog.showModal();
    $("confirm-yes").focus();
  });
}

function tableSeatOf(viewSeat) {
  const dealt = app.state?.dealt;
  return dealt && dealt[viewSeat] !== undefined ? dealt[viewSeat] : viewSeat;
}

function nameOfTable(seat) {
  const entry = app.state?.seats?.find((s) => s.seat === seat) ?? app.state?.seats?.[seat];
  return entry?.name || `seat ${seat + 1}`;
}

function nameOfView(viewSeat) {
  const seat = tableSeatOf(viewSeat);
  return seat === app.you ? `${nameOfTable(seat)} (you)` : nameOfTable(seat);
}

function wildMarks(view) {
  if (!view) return null;
  const wild = view.wild ?? {};
  const ranks = (wild.ranks ?? []).map((rank) => String(rank)[0]);
  if (view.wild_rank && !ranks.includes(String(view.wild_rank)[0])) ranks.push(String(view.wild_rank)[0]);
  return { ranks, cards: (wild.cards ?? []).map(notation), jokers: Boolean(wild.jokers), bug: Boolean(wild.bug) };
}

/** A judged hand (wire.md) in words: "high: two pair, aces and sevens (Jk as As)". */
function judgedText(judged) {
  const made = judged?.made ?? {};
  const side = judged?.side ?? "";
  let text = made.name ?? "";
  const wilds = (made.wild ?? []).map((pair) => `${notation(pair[0])} as ${notation(pair[1])}`);
  if (wilds.length) text += ` (${wilds.join(", ")})`;
  if (made.qualified === false && !/\bnot\b.*\bor better\b/.test(text)) text += " (does not qualify)"; // unless its name says so
  return side && !/^\d+$/.test(side) ? `${side}: ${text}` : /^\d+$/.test(side) ? `column ${side}: ${text}` : text;
}

// ---- drawing the snapshot ----

function render(state) {
  if (!state) return;
  app.state = state;
  app.turn = state.turn ?? null;
  const view = state.view ?? null;
  const myTurn = (view?.legal ?? []).length > 0 || (state.choosing && state.choosing.seat === app.you && app.you !== null);
  document.title = `${myTurn ? "● Your turn · " : ""}${state.game?.title ?? state.title ?? "Table"} · homegame`;
  // The game in play, and the table's own title when it says more (a mix, dealer's choice, the host's name for it).
  const tableTitle = state.title && state.game?.title && state.title !== state.game.title ? state.title : "";
  fill($("title"), state.game?.title ?? state.title ?? "Table", tableTitle ? el("span", { class: "table-title" }, ` · ${tableTitle}`) : null);
  fill($("hand-no"), app.hand ? `hand ${app.hand}` : "");
  drawKill(state);
  $("status").dataset.status = state.status ?? "";
  const myStatus = state.seats?.find((entry) => entry.seat === app.you)?.status;
  $("sit-out").hidden = myStatus === "sitting_out";
  $("sit-in").hidden = myStatus !== "sitting_out";
  // Owing missed blinds, a player may post them or wait for the big blind instead (Robert's Rules).
  const mine = state.seats?.find((entry) => entry.seat === app.you);
  $("sit-in-wait").hidden = myStatus !== "sitting_out" || !mine?.owes?.length;
  fill($("sit-in"), mine?.owes?.length ? "Sit in and post the blinds" : "Sit in");
  const asked = (state.rebuys ?? []).find((r) => r.seat === app.you);
  tellRebuyAnswer(asked, mine);
  const gone = myStatus === "left";
  for (const id of ["sit-out", "rebuy", "rebuy-amount", "leave"]) $(id).disabled = gone; // a seat cashed out has nothing to ask
  const status = gone ? ["You left the table"] : [state.status && state.status !== "playing" ? words(state.status) : "", asked ? `rebuy of ${chips(asked.amount)} waiting for the host` : ""];
  fill($("status"), status.filter(Boolean).join(" · "));
  const legal = view?.legal ?? [];
  const key = JSON.stringify([app.hand, legal]);
  if (key !== app.turnKey) {
    app.turnKey = key;
    app.selection.clear();
    app.divide = {};
    app.place = {};
    app.amounts = {};
  }
  if (state.last) remember(state.last);
  // Hooks for tests and tools: what the page has drawn.
  Object.assign(document.body.dataset, {
    hand: String(app.hand),
    seq: String(app.seq),
    over: String(Boolean(view?.over)),
    game: view?.game ?? state.game?.name ?? "",
    you: app.you === null ? "" : String(app.you),
    finished: String(Math.max(0, ...app.history.keys())),
  });
  drawSeats(state, view);
  drawMiddle(state, view);
  drawMe(state, view);
  drawControls(state, view);
  drawResult(state, view);
  drawHistory();
  tickClock();
}

/** Seat `offset` of `count` around the oval, spaced evenly along its edge, you (0) at the bottom. */
function aroundTable(offset, count) {
  const [rx, ry, wide] = [43, 37, 2.3]; // percent of the felt's width and height; its width / height
  const steps = 720;
  const lengths = [0];
  for (let i = 1; i <= steps; i += 1) {
    const [a, b] = [Math.PI / 2 + ((i - 1) * 2 * Math.PI) / steps, Math.PI / 2 + (i * 2 * Math.PI) / steps];
    const dx = (Math.cos(b) - Math.cos(a)) * rx * wide;
    const dy = (Math.sin(b) - Math.sin(a)) * ry;
    lengths.push(lengths[i - 1] + Math.hypot(dx, dy));
  }
  const goal = (lengths[steps] * offset) / count;
  let i = 0;
  while (i < steps && lengths[i] < goal) i += 1;
  const angle = Math.PI / 2 + (i * 2 * Math.PI) / steps;
  return [50 + rx * Math.cos(angle), 48 + ry * Math.sin(angle)];
}

function seatOrder(seats) {
  const n = seats.length;
  const start = app.you ?? 0;
  return seats.map((entry, index) => ({ entry, offset: (((entry.seat ?? index) - start) % n + n) % n }));
}

function seatViewOf(view, tableSeat) {
  if (!view) return null;
  const dealt = app.state?.dealt ?? [];
  const index = dealt.length ? dealt.indexOf(tableSeat) : tableSeat;
  return index >= 0 ? (view.seats?.[index] ?? null) : null;
}

function cardsOfSeat(sv, wild, size) {
  // Cards already placed into rows (Five-O's columns) are drawn there, not here again.
  const placed = pairs(sv?.placed).flatMap(([, cards]) => (cards ?? []).map(notation));
  const placedUp = new Set(placed.filter((card) => card !== "??"));
  const placedDown = placed.filter((card) => card === "??").length;
  const out = [];
  if (!sv) return out;
  if (Array.isArray(sv.down)) {
    for (const card of sv.down) if (!placedUp.has(notation(card))) out.push(cardElement(card, { wild: isWild(card, wild), size }));
  } else {
    const backs = Math.max(0, (sv.down_count ?? 0) - placedDown);
    if (backs > 4) {
      // Many cards face down (Chinese poker's thirteen): one back and how many.
      const node = cardElement("??", { size, label: `${backs} face-down cards` });
      out.push(el("span", { class: "stack-of", "aria-label": `${backs} face-down cards` }, node, el("span", { class: "count" }, `×${backs}`)));
    } else {
      for (let i = 0; i < backs; i += 1) out.push(cardElement("??", { size }));
    }
  }
  for (const card of sv.up ?? []) {
    if (placedUp.has(notation(card))) continue;
    const node = cardElement(card, { wild: isWild(card, wild), size });
    node.classList.add("up");
    out.push(node);
  }
  return out;
}

function placedRows(sv, wild, size) {
  const rows = pairs(sv?.placed);
  if (!rows.length) return null;
  return el(
    "div",
    { class: "placed" },
    rows.map(([name, cards]) =>
      el("div", { class: "placed-row", dataset: { row: name } }, el("span", { class: "row-label" }, /^\d+$/.test(name) ? `col ${name}` : name), (cards ?? []).map((card) => cardElement(card ?? "??", { wild: isWild(card, wild), size }))),
    ),
  );
}

function seatFlags(entry, sv, view) {
  const flags = [];
  if (sv?.folded) flags.push("folded");
  if (sv?.all_in) flags.push("all in");
  if (sv?.declared) flags.push(`declared ${sv.declared}`);
  else if (sv?.has_declared) flags.push("declared");
  if (entry.status === "sitting_out") flags.push("sitting out");
  if (entry.waiting) flags.push("waits for the big blind");
  else if (entry.owes?.length) {
    // What the seat puts in when next dealt in (protocol.md): "owes the big blind: posts 2". Owed
    // for blinds missed sitting out, or by a new player: the seat's entry does not say which.
    const owed = entry.owes.reduce((sum, owed) => sum + owed.amount, 0);
    const what = entry.owes.length > 1 ? "blinds" : String(entry.owes[0].name ?? "blind").replace(/^dead_/, "").replaceAll("_", " ");
    flags.push(`owes the ${what}: posts ${chips(owed)}`);
  }
  if (entry.status === "left") flags.push("left");
  if (entry.connected === false && !entry.bot && entry.status !== "empty") flags.push("offline");
  if (entry.bot) flags.push("bot");
  return flags;
}

function handNames(sv, view, mine) {
  // The viewer's own hand so far in each contest (view.hands); another seat's once it has shown.
  if (mine) return (view?.hands ?? []).map(judgedText).filter(Boolean);
  if (!sv || !view) return [];
  const shown = (view.events ?? []).filter((e) => e.type === "shown" && e.seat === sv.seat).flatMap((e) => e.hands ?? []);
  return shown.map(judgedText).filter(Boolean);
}

// The kill game (rules document 004, variation 4): "Kill ×2" while the stakes of the game in play
// (or the next deal) are doubled; a quiet note while the killer's run doubles nothing (a game not
// fixed limit, or the killer not dealt in).
const KILL_RULE = "a player who wins two pots in a row doubles the next fixed-limit hand's stakes";

function drawKill(state) {
  const kill = state.kill ?? null;
  const badge = $("kill");
  badge.hidden = !kill;
  badge.dataset.doubled = kill ? String(kill.doubled) : "";
  badge.title = kill?.doubled ? "This hand's stakes are twice the game's" : kill ? "Kill game: no kill this hand" : "";
  fill(badge, !kill ? "" : kill.doubled ? ["Kill ×2", el("span", { class: "who" }, `: ${kill.name} killed`)] : `${kill.name} has won two in a row`);
}

function drawSeats(state, view) {
  const ring = $("seats");
  ring.replaceChildren();
  const seats = state.seats ?? [];
  const acting = new Set((view?.to_act ?? []).map(tableSeatOf));
  const order = seatOrder(seats);
  const wild = wildMarks(view);
  const winners = new Map();
  for (const line of lastLines(state, view)) if (line.seat !== null) winners.set(tableSeatOf(line.seat), (winners.get(tableSeatOf(line.seat)) ?? 0) + line.amount);
  for (const { entry, offset } of order) {
    const seat = entry.seat;
    if (seat === app.you) continue;
    const [x, y] = aroundTable(offset, seats.length);
    const sv = seatViewOf(view, seat);
    ring.append(seatBox(entry, sv, view, { acting: acting.has(seat), x, y, wild, won: winners.get(seat), state }));
  }
  document.body.classList.toggle("spectator", app.you === null);
  $("felt").classList.toggle("crowded", seats.length > 6);
  $("felt").classList.toggle("heads-up", seats.length === 2); // the one other seat is at the top
}

function seatBox(entry, sv, view, { acting, x, y, wild, won, state, me = false }) {
  const seat = entry.seat;
  const empty = entry.status === "empty";
  const classes = ["seat"];
  if (acting) classes.push("acting");
  if (sv?.folded) classes.push("folded");
  if (empty) classes.push("empty");
  if (me) classes.push("mine");
  if (won) classes.push("winner");
  const stack = sv?.stack ?? entry.stack ?? 0;
  const box = el(
    "section",
    {
      class: classes.join(" "),
      dataset: { seat },
      style: x === undefined ? undefined : `--x:${x.toFixed(1)}%;--y:${y.toFixed(1)}`,
      "aria-label": `${me ? "Your seat" : `Seat ${seat + 1}`}: ${entry.name || "empty"}${acting ? ", to act" : ""}`,
    },
    el(
      "div",
      { class: "seat-head" },
      el("span", { class: "name" }, empty ? "empty" : entry.name || `seat ${seat + 1}`),
      state.button === seat ? el("span", { class: "button-disc", title: "the button (dealer)", "aria-label": "dealer button" }, "D") : null,
    ),
    el("div", { class: "seat-stack", "aria-label": `stack ${stack}` }, chips(stack)),
  );
  if (!me && !sv?.folded) {
    const cards = cardsOfSeat(sv, wild, "small");
    if (cards.length) box.append(el("div", { class: "seat-cards" }, cards));
    const placed = placedRows(sv, wild, "tiny");
    if (placed) box.append(placed);
  }
  if (sv?.bet) box.append(el("div", { class: "seat-bet", "aria-label": `bet ${sv.bet}` }, `bet ${chips(sv.bet)}`));
  const flags = seatFlags(entry, sv, view);
  if (flags.length) box.append(el("div", { class: "seat-flags" }, flags.join(" · ")));
  if (won) box.append(el("div", { class: "seat-won" }, `+${chips(won)}`));
  for (const text of me ? [] : handNames(sv, view, false)) box.append(el("div", { class: "seat-hand" }, text));
  if (acting) box.append(el("div", { class: "clock", dataset: { clockSeat: seat } }));
  return box;
}

function drawMiddle(state, view) {
  const middle = $("middle");
  middle.replaceChildren();
  const wild = wildMarks(view);
  if (!view) {
    const text = state.status === "waiting" ? "Waiting for players…" : state.status === "paused" ? "Paused by the host" : state.choosing ? (state.choosing.seat === app.you ? "Your deal: choose the game" : `${nameOfTable(state.choosing.seat)} is choosing the game…`) : "";
    if (text) middle.append(el("p", { class: "waiting" }, text));
    return;
  }
  let rows = pairs(view.rows);
  if (!rows.some(([name]) => name === "board") && view.board?.length) rows = [["board", view.board], ...rows];
  // A card offered for sale (the Grocery Store) carries its price under it.
  const prices = new Map();
  for (const legal of view.legal ?? []) {
    if (legal.kind !== "buy") continue;
    for (const choice of legal.choices ?? []) if (typeof choice === "object" && choice.price) prices.set(choice.name, choice.price);
  }
  const others = el("div", { class: "other-rows" });
  for (const [name, cards] of rows) {
    if (!cards || !cards.length) continue;
    const drawn = cards.map((card) => {
      const node = cardElement(card ?? "??", { wild: isWild(card, wild), size: name === "board" ? "" : "small" });
      const price = prices.get(notation(card));
      return price ? el("span", { class: "priced" }, node, el("span", { class: "price" }, chips(price))) : node;
    });
    const row = el(
      "div",
      { class: `row row-${name}`, dataset: { row: name } },
      name === "board" ? null : el("span", { class: "row-label" }, words(name.replaceAll("-", " "))),
      el("div", { class: "row-cards" }, drawn),
    );
    if (name === "board") middle.append(row);
    else others.append(row);
  }
  if (others.children.length) middle.append(others);
  const pots = view.pots ?? [];
  const potText = [`Pot ${chips(view.pot ?? 0)}`];
  if (pots.length > 1) potText.push(pots.map((pot, i) => `${i === 0 ? "main" : `side ${i}`} ${chips(pot.amount)}`).join(" · "));
  middle.append(el("div", { class: "pot", "aria-label": `pot ${view.pot ?? 0}` }, potText.join(" — ")));
  const wildText = [];
  if (wild?.ranks?.length) wildText.push(`${wild.ranks.map(rankPlural).join(", ")} wild`);
  if (wild?.cards?.length) wildText.push(`${wild.cards.join(" ")} wild`);
  if (wild?.jokers) wildText.push("jokers wild");
  else if (wild?.bug) wildText.push("the joker is the bug");
  if (wildText.length) middle.append(el("div", { class: "wild-note" }, wildText.join(" · ")));
}

function drawMe(state, view) {
  const mine = $("me");
  mine.replaceChildren();
  if (app.you === null) return;
  const entry = state.seats?.find((s) => s.seat === app.you) ?? { seat: app.you, name: "you" };
  const sv = seatViewOf(view, app.you);
  const acting = (view?.to_act ?? []).map(tableSeatOf).includes(app.you);
  const wild = wildMarks(view);
  const box = seatBox(entry, sv, view, { acting, wild, state, me: true, won: null });
  mine.append(box);
  const hand = el("div", { class: "my-cards", "aria-label": "your cards" });
  const shown = new Set();
  if (sv) {
    const placed = new Set(pairs(sv.placed).flatMap(([, cards]) => (cards ?? []).map(notation)));
    const cards = [...(Array.isArray(sv.down) ? sv.down.map((c) => [c, false]) : []), ...(sv.up ?? []).map((c) => [c, true])];
    for (const [card, up] of cards.filter(([c]) => !placed.has(notation(c)))) {
      const text = notation(card);
      shown.add(text);
      const pickable = app.pickable.has(text);
      const node = cardElement(text, {
        wild: isWild(text, wild),
        size: "large",
        selected: app.selection.has(text),
        onclick: pickable ? () => toggleCard(text) : null,
      });
      if (up) node.classList.add("up");
      if (pickable) node.classList.add("pickable");
      hand.append(node);
    }
  }
  mine.append(hand);
  const placed = placedRows(sv, wild, "small");
  if (placed) mine.append(placed);
  const names = handNames(sv, view, true);
  if (names.length) mine.append(el("div", { class: "my-hand-name" }, names.join(" · ")));
  app.shownCards = shown;
}

function toggleCard(card) {
  if (app.selection.has(card)) app.selection.delete(card);
  else app.selection.add(card);
  render(app.state);
}

function drawControls(state, view) {
  const box = $("controls");
  const focused = document.activeElement?.closest?.("#controls [data-amount]")?.dataset.amount;
  drawControlsInto(box, state, view);
  if (focused) box.querySelector(`[data-amount="${focused}"]`)?.focus();
}

function drawControlsInto(box, state, view) {
  box.replaceChildren();
  const picker = state.choosing && state.choosing.seat === app.you && app.you !== null;
  if (picker) {
    box.append(gamePicker(state.choosing));
    return;
  }
  const legal = view?.legal ?? [];
  if (!legal.length) {
    app.pickable = new Set();
    document.body.classList.remove("dividing");
    if (view && !view.over && app.you !== null) {
      const waitingFor = (view.to_act ?? []).filter((s) => tableSeatOf(s) !== app.you).map((s) => nameOfView(s));
      if (waitingFor.length) box.append(el("p", { class: "hint" }, `Waiting for ${waitingFor.join(", ")}`));
    }
    return;
  }
  const me = seatViewOf(view, app.you);
  let pickable = new Set();
  const ctx = {
    legal,
    view,
    me,
    wild: wildMarks(view),
    selection: app.selection,
    shown: app.shownCards ?? new Set(),
    divide: app.divide,
    place: app.place,
    amounts: app.amounts ?? (app.amounts = {}),
    send: act,
    ask: send,
    confirm: confirmDialog,
    toggle: toggleCard,
    rerender: () => render(app.state),
    pickable: (set) => {
      pickable = set;
    },
  };
  box.append(buildControls(ctx));
  document.body.classList.toggle("dividing", legal.some((d) => (d.form ?? "") === "divide" || d.kind === "split"));
  const changed = [...pickable].some((c) => !app.pickable.has(c)) || app.pickable.size !== pickable.size;
  app.pickable = pickable;
  if (changed) drawMe(state, view);
}

// ---- dealer's choice ----

/** A game's title as the catalogue gives it, once it has loaded ("chinese-poker" -> "Chinese poker"). */
function gameTitle(name) {
  return app.games?.find((game) => game.name === name)?.title ?? words(String(name).replaceAll("-", " "));
}

/** The catalogue's games (fetched once, when first needed); `app.games` once they have come. */
function catalogue() {
  app.catalogue ??= fetch("/api/games")
    .then((response) => (response.ok ? response.json() : []))
    .catch(() => [])
    .then((games) => (app.games = games));
  return app.catalogue;
}

function gamePicker(choosing) {
  const box = el("div", { class: "picker", role: "group", "aria-label": "Choose the game" }, el("h2", {}, "Your deal: choose the game"));
  const list = el("ul", { class: "games" });
  box.append(list);
  catalogue().then((games) => {
    const known = new Map(games.map((game) => [game.name, game]));
    for (const name of choosing.games ?? []) {
      const game = known.get(name) ?? { name, title: name, summary: "" };
      list.append(
        el(
          "li",
          { class: "game" },
          el("div", { class: "game-text" }, el("strong", {}, game.title ?? name), el("span", { class: "summary" }, game.summary ?? "")),
          el("button", { type: "button", class: "act secondary", "aria-label": `Rules of ${game.title ?? name}`, onclick: () => showRules(name) }, "Rules"),
          el("button", { type: "button", class: "act", dataset: { action: "choose", choice: name }, "aria-label": `Deal ${game.title ?? name}`, onclick: () => send({ type: "choose", game: name }) }, "Deal"),
        ),
      );
    }
  });
  return box;
}

async function showRules(name) {
  const dialog = $("rules");
  fill($("rules-title"), name);
  fill($("rules-body"), "Loading…");
  dialog.showModal();
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(name)}`);
    const game = await response.json();
    fill($("rules-title"), game.title ?? name);
    const paragraphs = String(game.rules ?? "").split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, " ").trim()).filter(Boolean);
    const body = [el("div", { class: "rules-text" }, paragraphs.map((p) => el("p", {}, p)))];
    // The house rules in force at this table: the game in play says its own; for another game,
    // the host's settings over the game's defaults.
    const here = app.state?.game?.name === name ? app.state.game : null;
    const house = app.state?.house ?? {};
    const inForce = (o) => (here?.options && o.name in here.options ? here.options[o.name] : house.options?.[o.name] ?? o.default);
    const rules = (game.options ?? []).map((o) => {
      const value = inForce(o);
      const changed = JSON.stringify(value) !== JSON.stringify(o.default);
      return el("li", { dataset: { option: o.name } }, el("code", {}, `${o.name} = ${JSON.stringify(value)}`), changed ? el("strong", {}, ` (the host's; usually ${JSON.stringify(o.default)})`) : "", " ", o.doc ?? "");
    });
    if (house.kill) rules.push(el("li", { dataset: { house: "kill" } }, el("strong", {}, "Kill game:"), ` ${KILL_RULE}.`));
    if (rules.length) {
      body.push(el("h3", {}, "House rules at this table"));
      body.push(el("ul", { class: "options" }, rules));
    }
    const stakes = here?.stakes ?? (Object.keys(house.stakes ?? {}).length ? house.stakes : null);
    if (stakes && Object.keys(stakes).length) {
      // game.stakes are the stakes before the kill: a kill hand plays every one of them doubled.
      const killed = here && app.state.kill?.doubled ? app.state.kill : null;
      body.push(el("h3", {}, here ? "Stakes at this table" : "The host's stakes (over the game's own)", killed ? el("span", { class: "kill", dataset: { doubled: "true" } }, `Kill ×2: ${killed.name} killed`) : ""));
      body.push(el("ul", { class: "stakes" }, Object.entries(stakes).map(([k, v]) => el("li", { dataset: { stake: k } }, `${words(k)}: ${chips(killed ? 2 * v : v)}`, killed ? el("span", { class: "muted" }, ` (usually ${chips(v)})`) : ""))));
    }
    fill($("rules-body"), body);
  } catch {
    fill($("rules-body"), "The rules could not be loaded.");
  }
}

// ---- the ledger and the settle-up (asked of the server: the same for everyone at the table) ----

function askLedger() {
  app.ledgerHand = app.hand;
  send({ type: "ledger" });
}

function signed(amount) {
  return `${amount > 0 ? "+" : ""}${chips(amount)}`;
}

function drawLedger(ledger) {
  const rows = (ledger.players ?? []).map((p) =>
    el("tr", {}, el("td", {}, p.name), el("td", {}, chips(p.buy_in)), el("td", {}, chips(p.buy_out)), el("td", {}, chips(p.stack)), el("td", {}, signed(p.net))));
  const settle = (ledger.settle ?? []).map((t) => el("li", {}, `${t.from} pays ${t.to} ${chips(t.amount)}`));
  fill(
    $("ledger-body"),
    el("table", { class: "ledger" },
      el("thead", {}, el("tr", {}, ["Player", "Bought in", "Cashed out", "Stack", "Net"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows)),
    ledger.carried ? el("p", { class: "muted" }, `${chips(ledger.carried)} carried in the pot to the next hand.`) : null,
    el("h3", {}, "Settle up"),
    settle.length ? el("ul", { class: "settle" }, settle) : el("p", { class: "muted" }, ledger.carried ? "Once the carried pot is won." : "Nobody owes anybody."),
  );
}

// ---- results and the previous hands ----

function lastLines(state, view) {
  if (view?.over && view.result) return describeResult(view.result, view.events, nameOfView);
  if (!view && state.last) return describeResult(state.last.result, state.last.events, nameOfView);
  return [];
}

/** The hand to show the result of: this one when it is over, else the last one finished. */
function finishedHand(state, view) {
  if (view?.over && view.result) return { hand: app.hand, game: view.game, events: view.events, result: view.result, name: nameOfView };
  const keys = [...app.history.keys()];
  if (!keys.length) return null;
  const last = app.history.get(Math.max(...keys));
  return { ...last, name: (seat) => last.names?.[seat] ?? `seat ${seat + 1}` };
}

function drawResult(state, view) {
  const box = $("result");
  const done = finishedHand(state, view);
  const lines = done ? describeResult(done.result, done.events, done.name) : [];
  if (!lines.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.dataset.hand = done.hand;
  // At a table of several games, the result of a hand of another game than the one now in play says which.
  const other = done.game && done.game !== (view?.game ?? state.game?.name);
  if (other && !app.games) catalogue().then(() => drawResult(app.state, app.state.view ?? null));
  const events = done.events ?? [];
  const shown = events.filter((e) => String(e.type ?? "").toLowerCase() === "shown");
  const how = events.filter((e) => EXPLAINS.has(e.type) && (e.type !== "set_shown" || e.dead));
  fill(
    box,
    el(
      "h2",
      { class: "result-head" },
      `Hand ${done.hand}${other ? ` (${gameTitle(done.game)})` : ""}: result`,
      app.history.has(done.hand)
        ? el("button", { type: "button", class: "act secondary replay", "aria-label": `Replay hand ${done.hand}`, onclick: () => replay(app.history.get(done.hand)) }, "Replay")
        : null,
    ),
    el(
      "ul",
      {},
      lines.map((line) =>
        el("li", { class: "award" }, line.text, line.cards?.length ? el("span", { class: "award-cards" }, line.cards.map((c) => cardElement(c, { size: "tiny" }))) : null),
      ),
    ),
    how.length ? el("ul", { class: "how" }, how.map((e) => el("li", {}, describeEvent(e, done.name)))) : null,
    shown.length ? el("div", { class: "shown" }, shown.map((e) => shownHand(e, done.name))) : null,
  );
}

// The events that say how a result came about when no hand name does: Chinese poker's scores
// and a mis-set hand, Five-O's columns, High Card Poker's knock-outs, a guts loser matching the pot.
const EXPLAINS = new Set(["scored", "paid_units", "set_shown", "column_judged", "columns_won", "knocked_out", "matched"]);

/**
 * A hand shown at the showdown: its cards and what they make ("high: two pair ... · low: ...").
 * A hand the player divided (Chinese poker's back, middle and front; Five-O's columns; Pi Gow's five
 * and two) is drawn part by part, each with its name, since one row of 13 or 25 cards says nothing.
 */
function shownHand(event, name) {
  const tiny = (card) => cardElement(card, { size: "tiny" });
  const hands = event.hands ?? [];
  const cards = event.cards ?? [];
  const parts = hands.filter((hand) => (hand.held ?? []).length);
  if (parts.length > 1 && parts.reduce((sum, hand) => sum + hand.held.length, 0) === cards.length) {
    return el(
      "div",
      { class: "shown-hand divided", dataset: { seat: event.seat } },
      el("span", { class: "who" }, `${name(event.seat)}:`),
      parts.map((hand) =>
        el(
          "span",
          { class: "part", dataset: { side: hand.side } },
          el("span", { class: "row-label" }, /^\d+$/.test(hand.side) ? `col ${hand.side}` : hand.side),
          hand.held.map(tiny),
          el("span", { class: "part-name" }, hand.made?.name ?? ""),
        ),
      ),
    );
  }
  const names = hands.map(judgedText).filter(Boolean);
  return el(
    "span",
    { class: "shown-hand", dataset: { seat: event.seat } },
    `${name(event.seat)}: `,
    cards.map(tiny),
    names.length ? el("span", { class: "shown-name" }, names.join(" · ")) : null,
  );
}

function remember(last) {
  if (!last || last.hand === undefined || app.history.has(last.hand)) return;
  const names = {};
  for (const [index, seat] of (last.dealt ?? app.state?.dealt ?? []).entries()) names[index] = seat === app.you ? `${nameOfTable(seat)} (you)` : nameOfTable(seat);
  app.history.set(last.hand, { ...last, names });
  while (app.history.size > 50) app.history.delete(app.history.keys().next().value);
  try {
    sessionStorage.setItem(historyKey, JSON.stringify([...app.history.values()]));
  } catch {
    /* the panel keeps this page's hands only */
  }
}

/** The previous hands this tab has seen, kept across reloads. */
function loadHistory() {
  try {
    for (const last of JSON.parse(sessionStorage.getItem(historyKey) ?? "[]")) app.history.set(last.hand, last);
  } catch {
    app.history.clear();
  }
}

function drawHistory() {
  const list = $("history-list");
  if (!list || $("panel").hidden) return;
  if (!app.games) catalogue().then(drawHistory); // the games' titles, then drawn again
  list.replaceChildren();
  const hands = [...app.history.values()].reverse();
  if (!hands.length) list.append(el("li", { class: "muted none" }, "No hands yet."));
  for (const last of hands) {
    const name = (seat) => last.names?.[seat] ?? `seat ${seat + 1}`;
    const lines = describeResult(last.result, last.events, name);
    list.append(
      el(
        "li",
        { class: "past-hand" },
        el("strong", {}, `#${last.hand} ${last.game ? gameTitle(last.game) : ""}`),
        el("div", {}, lines.map((line) => line.text).join("; ")),
        el("button", { type: "button", class: "act secondary", "aria-label": `Replay hand ${last.hand}`, onclick: () => replay(last) }, "Replay"),
      ),
    );
  }
}

function replay(last) {
  const dialog = $("replay");
  const events = last.events ?? [];
  const name = (seat) => last.names?.[seat] ?? `seat ${seat + 1}`;
  let step = 0;
  const show = () => {
    fill($("replay-title"), `Hand ${last.hand}${last.game ? ` (${last.game})` : ""}: step ${step} of ${events.length}`);
    const table = replayState(events, step);
    const seats = [...table.seats.entries()].sort((a, b) => a[0] - b[0]);
    const small = (card) => cardElement(card, { size: "small" });
    fill(
      $("replay-body"),
      el("p", { class: "replay-now" }, step ? describeEvent(events[step - 1], name) : "The deal"),
      el(
        "div",
        { class: "replay-table" },
        Object.entries(table.rows).map(([row, cards]) => el("div", { class: "replay-row" }, el("span", { class: "row-label" }, words(row.replaceAll("-", " "))), cards.map(small))),
        seats.map(([index, seat]) =>
          el(
            "div",
            { class: `replay-seat${seat.folded ? " folded" : ""}`, dataset: { seat: index } },
            el("span", { class: "name" }, name(index)),
            (seat.shown ?? [...seat.down, ...Array(seat.hidden).fill("??")]).map(small),
            seat.shown ? null : seat.up.map(small),
            seat.won ? el("span", { class: "seat-won" }, `+${chips(seat.won)}`) : null,
          ),
        ),
        el("div", { class: "pot" }, `Pot ${chips(Math.max(0, table.pot))}`),
      ),
      el("ol", { class: "replay-log" }, events.slice(0, step).map((e, i) => el("li", { class: i === step - 1 ? "current" : "" }, describeEvent(e, name)))),
    );
    $("replay-body").querySelector(".replay-log li.current")?.scrollIntoView({ block: "nearest" });
  };
  $("replay-prev").onclick = () => {
    step = Math.max(0, step - 1);
    show();
  };
  $("replay-next").onclick = () => {
    step = Math.min(events.length, step + 1);
    show();
  };
  $("replay-all").onclick = () => {
    step = events.length;
    show();
  };
  show();
  dialog.showModal();
}

// ---- the clock ----

function tickClock() {
  const clock = app.state?.clock;
  if (clock && clock !== app.lastClock) {
    app.lastClock = clock;
    app.clockAt = performance.now();
  }
  for (const node of document.querySelectorAll("[data-clock-seat]")) {
    if (!clock || Number(node.dataset.clockSeat) !== clock.seat) {
      node.textContent = "";
      continue;
    }
    const gone = performance.now() - app.clockAt;
    const left = Math.max(0, (clock.deadline_ms ?? 0) - gone);
    const bank = Math.max(0, (clock.bank_ms ?? 0) - Math.max(0, gone - (clock.deadline_ms ?? 0)));
    const seconds = Math.ceil((left > 0 ? left : bank) / 1000);
    node.textContent = `${left > 0 ? "" : "bank "}${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    node.classList.toggle("low", left < 10000);
  }
}

// ---- the menu, settings and keys ----

function setupMenu() {
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
    drawHistory();
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
    send({ type: "sit_out" });
    $("menu").close();
  });
  $("sit-in").addEventListener("click", () => {
    send({ type: "sit_in" });
    $("menu").close();
  });
  $("sit-in-wait").addEventListener("click", () => {
    send({ type: "sit_in", wait: true });
    $("menu").close();
  });
  $("rebuy").addEventListener("click", () => {
    if (!$("rebuy-amount").reportValidity()) return; // the browser says why, over the menu
    const amount = Number($("rebuy-amount").value);
    send({ type: "rebuy", amount });
    toast("Rebuy asked: the host will answer.");
    $("menu").close();
  });
  $("game-rules").addEventListener("click", () => {
    const name = app.state?.game?.name ?? app.state?.view?.game;
    if (name) showRules(name);
  });
  $("leave").addEventListener("click", async () => {
    $("menu").close();
    if (await confirmDialog("Leave the table? You cash out at the end of this hand.")) {
      send({ type: "leave" });
      toast("Leaving: you cash out when this hand ends.");
    }
  });
  document.addEventListener("keydown", onKey);
}

const KEYS = { f: ["fold"], c: ["check", "call"], k: ["check"], b: ["bet_to", "raise_to"], r: ["raise_to", "bet_to"], d: ["draw"] };

function onKey(event) {
  const amount = event.target.closest?.("[data-amount]");
  if (amount && event.key === "Enter") {
    amount.parentElement.querySelector(`button[data-action="${amount.dataset.amount}"]`)?.click();
    event.preventDefault();
    return;
  }
  if (event.target.closest?.("input, select, textarea")) return;
  if (document.querySelector("dialog[open]")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "?") {
    $("menu").showModal();
    return;
  }
  const kinds = KEYS[event.key.toLowerCase()];
  if (!kinds) return;
  for (const kind of kinds) {
    const amount = document.querySelector(`#controls [data-amount="${kind}"]`);
    if (amount && (event.key === "b" || event.key === "r")) {
      amount.focus();
      amount.select();
      event.preventDefault();
      return;
    }
    const button = document.querySelector(`#controls button[data-action="${kind}"]:not([disabled])`);
    if (button) {
      button.click();
      event.preventDefault();
      return;
    }
  }
}

loadHistory();
setupMenu();
setInterval(tickClock, 500);
setConnection("connecting");
connect();
