// The light client of `seaview serve`: a lobby and a table page per seat, in plain
// JavaScript. The server draws the picture and says the legal moves; this page only
// shows them, sends the chosen move, and follows the live channel. A seat's token (and
// the admin token of a table this browser created) is kept in localStorage, per table,
// so that every tab of the browser plays the same seat; it is sent in the Authorization
// header or the live channel's first message, never in a URL.
"use strict";

const $ = (id) => document.getElementById(id);
// A request the network failed (the server is down, or this device offline), said in
// words rather than as the browser's "Failed to fetch".
const OFFLINE = "The server cannot be reached: nothing was sent. Try again once the page has reconnected.";
const reach = (path, init) =>
  fetch(path, init).catch(() => {
    throw Object.assign(new Error(OFFLINE), { offline: true });
  });
const api = async (method, path, body, token) => {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await reach(path, { method, headers, body: body && JSON.stringify(body) });
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw Object.assign(new Error(data.reason || response.statusText), { data, status: response.status });
  return data;
};
// A read that the server answers 304 when nothing changed: null then, the data on 200.
const tags = new Map();
const changed = async (path) => {
  const tag = tags.get(path);
  const response = await reach(path, { cache: "no-store", headers: tag ? { "If-None-Match": tag } : {} });
  if (response.status === 304) return null;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(data.reason || response.statusText), { status: response.status });
  if (response.headers.get("ETag")) tags.set(path, response.headers.get("ETag"));
  return data;
};
const kept = {
  seat: (table) => JSON.parse(localStorage.getItem(`seaview:${table}`) || "null"),
  admin: (table) => localStorage.getItem(`seaview-admin:${table}`),
  keep: (table, held) => localStorage.setItem(`seaview:${table}`, JSON.stringify(held)),
  keepAdmin: (table, token) => localStorage.setItem(`seaview-admin:${table}`, token),
  forget: (table) => localStorage.removeItem(`seaview:${table}`),
};
const text = (tag, content, attrs = {}) => {
  const node = document.createElement(tag);
  node.textContent = content;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
};
const NAME = "seaview serve";
const POLL = 2000; // ms between two reads of the lobby, or of the table's entry
const nameOf = (names, seat) => (names && names[seat]) || `seat ${seat}`;
// "seats 0, 2" while nobody is named, else "Ann, seat 2".
const seatList = (names, seats) =>
  seats.some((s) => names && names[s])
    ? seats.map((s) => nameOf(names, s)).join(", ")
    : `seat${seats.length > 1 ? "s" : ""} ${seats.join(", ")}`;
const verbOf = (game) => (game && game.hidden_information ? "deal" : "spin");
const winnerOf = (outcome, names, me) => {
  if (!outcome || outcome.winner === null || outcome.winner === undefined) return "A draw";
  return outcome.winner === me ? "You win!" : `${nameOf(names, outcome.winner)} wins`;
};

// The CSS width the table's picture is drawn for: its box's, beside the moves and the
// log on a wide screen (see client.css), within what a picture can be drawn at.
const WIDE = matchMedia("(min-width: 60em)");
const pictureWidth = () => {
  const replaying = !$("replay").hidden;
  const room = replaying ? $("replay").clientWidth : WIDE.matches ? $("play").clientWidth - 270 : $("picture").clientWidth;
  return Math.max(280, Math.min(4096, Math.floor(room)));
};

// A short chime: the turn alert a player may turn on (off by default).
let sound = null;
function chime() {
  sound ??= new AudioContext();
  const tone = sound.createOscillator();
  const level = sound.createGain();
  tone.frequency.value = 660;
  level.gain.setValueAtTime(0.2, sound.currentTime);
  level.gain.exponentialRampToValueAtTime(0.001, sound.currentTime + 0.4);
  tone.connect(level).connect(sound.destination);
  tone.start();
  tone.stop(sound.currentTime + 0.4);
}

let games = [];
const gameOf = (name) => games.find((g) => g.name === name);
const titleOf = (name) => (gameOf(name) || {}).title || name; // the game's printed name
let socket = null;
let lobbyPage = null; // the cursor of the lobby's page shown (null: the first)
let lobbyNext = null; // the cursor of the page after it (null: none)
const lobbyPath = () => `/api/tables${lobbyPage ? `?cursor=${encodeURIComponent(lobbyPage)}` : ""}`;
// Said wherever a table whose chance is external shows: its admin, the host, chooses
// every card dealt (a real table's companion enters the real ones).
const HOST_DEALS = "the host enters the cards";
let current = null; // the table shown: {table, play(move)}; null in the lobby
let lobbyTimer = null;

let gamesRead = null; // the one read of /api/games, shared by the lobby and the tables
function loadGames() {
  gamesRead ??= api("GET", "/api/games").then(
    (found) => {
      games = found.games;
      for (const game of games) $("game").append(text("option", game.title, { value: game.name }));
      resetSeats();
    },
    (error) => {
      gamesRead = null; // read again next time
      throw error;
    },
  );
  return gamesRead;
}

async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("where").textContent = "";
  document.title = `Tables · ${NAME}`;
  $("name").value = localStorage.getItem("seaview:name") || "";
  await loadGames();
  tags.delete(lobbyPath()); // the rows were emptied or are another page's: read them
  await refreshLobby();
  clearInterval(lobbyTimer);
  if (current) return; // a table was opened meanwhile: no lobby to keep fresh
  lobbyTimer = setInterval(() => {
    if (!document.hidden) refreshLobby().catch(() => {});
  }, POLL);
}

function stateOf(entry) {
  const names = entry.names || [];
  const host = entry.chance === "external" ? ` (${HOST_DEALS})` : "";
  if (entry.over) return `over: ${winnerOf(entry.outcome, names, null)}`;
  if (entry.to_move === "chance") {
    if (entry.chance === "external") return `waiting for the real card or spin${host}`;
    return verbOf(gameOf(entry.game)) === "deal" ? "dealing" : "spinning";
  }
  return typeof entry.to_move === "number" ? `${nameOf(names, entry.to_move)} to move${host}` : host.trim();
}

async function refreshLobby() {
  let found;
  try {
    found = await changed(lobbyPath());
  } catch (error) {
    $("lobby-state").textContent = `Cannot read the tables (${error.message}); trying again.`;
    throw error;
  }
  $("lobby-state").textContent = "";
  if (found === null || $("lobby").hidden) return; // unchanged: no redraw, the focus stays
  lobbyNext = found.next;
  $("more-tables").hidden = lobbyNext === null;
  $("first-tables").hidden = lobbyPage === null;
  const body = $("tables").querySelector("tbody");
  body.replaceChildren();
  if (!found.tables.length) {
    body.append(document.createElement("tr"));
    body.lastChild.append(text("td", "No tables yet: create one above.", { colspan: "5" }));
  }
  for (const entry of found.tables) {
    const row = document.createElement("tr");
    row.append(text("td", entry.table, { "data-label": "table" }));
    row.append(text("td", titleOf(entry.game), { "data-label": "game" }));
    const seats = text("td", "", { "data-label": "seats" });
    entry.seats.forEach((kind, seat) => {
      if (kind === "open") {
        seats.append(text("button", `join seat ${seat}`, { "data-join": `${entry.table}/${seat}`, type: "button" }));
      } else {
        const who = kind === "taken" ? (entry.names && entry.names[seat]) || "taken" : kind;
        // A player at the table now (a live channel open) or away.
        const here = kind !== "taken" ? "" : entry.connected && entry.connected[seat] ? " ● here" : " ○ away";
        seats.append(text("span", `${seat}: ${who}${here}`, { class: "seat" }), " ");
      }
    });
    row.append(seats, text("td", stateOf(entry), { "data-label": "state" }));
    const watch = text("td", "", { "data-label": "" });
    watch.append(text("a", "watch", { href: `#/table/${entry.table}`, class: "move", "aria-label": `watch table ${entry.table}` }));
    row.append(watch);
    body.append(row);
  }
}

function leaveLobby() {
  clearInterval(lobbyTimer);
  lobbyTimer = null;
}

function resetSeats() {
  const game = gameOf($("game").value) || games[0];
  $("seat-kinds").replaceChildren();
  for (let seat = 0; seat < game.min_players; seat++) addSeat(seat === 0 ? "open" : "bot:random");
  // An input for each number, yes/no and choice of the game's rules, as the rules'
  // JSON Schema says: a choice is a list, a number has its bounds (the seat list says
  // how many play; lists and tables of the rules keep their defaults).
  $("rules").replaceChildren();
  const schema = (game.rules_schema && game.rules_schema.properties) || {};
  for (const [key, value] of Object.entries(game.rules)) {
    if (key === "players" || (typeof value === "object" && value !== null)) continue;
    const spec = schema[key] || {};
    let input;
    if (Array.isArray(spec.enum)) {
      input = document.createElement("select");
      for (const choice of spec.enum) input.append(text("option", String(choice), { value: String(choice) }));
      input.value = String(value);
    } else {
      input = document.createElement("input");
      if (typeof value === "boolean") Object.assign(input, { type: "checkbox", checked: value });
      else Object.assign(input, { type: typeof value === "number" ? "number" : "text", value: String(value) });
      if (spec.minimum !== undefined) input.min = String(spec.minimum);
      if (spec.maximum !== undefined) input.max = String(spec.maximum);
    }
    input.dataset.rule = key;
    const label = text("label", `${key.replaceAll("_", " ")} `);
    label.append(input);
    $("rules").append(label);
  }
}

function addSeat(kind) {
  const game = gameOf($("game").value);
  const count = $("seat-kinds").children.length;
  if (count >= game.max_players) return;
  const select = document.createElement("select");
  for (const option of ["open", "bot:random", "bot:ismcts"]) {
    select.append(text("option", option, { value: option }));
  }
  select.value = kind;
  const label = text("label", `seat ${count} `);
  label.append(select);
  $("seat-kinds").append(label);
}

// The rules the inputs changed from the game's defaults (null: none).
function rulesChosen(game) {
  const rules = {};
  for (const input of $("rules").querySelectorAll("[data-rule]")) {
    const key = input.dataset.rule;
    const old = game.rules[key];
    const value = input.type === "checkbox" ? input.checked : typeof old === "number" ? Number(input.value) : input.value;
    if (value !== old) rules[key] = input.type === "number" && input.value.trim() === "" ? input.value : value;
  }
  return Object.keys(rules).length ? rules : null;
}

async function create(event) {
  event.preventDefault();
  $("lobby-note").textContent = "";
  const game = gameOf($("game").value);
  const seats = [...$("seat-kinds").querySelectorAll("select")].map((s) => s.value);
  const body = { game: game.name, seats };
  if ($("chance").value) body.chance = $("chance").value;
  const rules = rulesChosen(game);
  if (rules) body.rules = rules;
  let made;
  try {
    made = await api("POST", "/api/tables", body);
  } catch (error) {
    $("lobby-note").textContent = error.message;
    return;
  }
  // Kept in this browser only: the admin token enters real cards, frees seats and
  // reads the full record, so it is never sent to another seat (the table's page
  // shows it on demand).
  kept.keepAdmin(made.table, made.admin_token);
  const open = seats.indexOf("open");
  if ($("sit").checked && open >= 0) return join(`${made.table}/${open}`);
  $("lobby-note").replaceChildren(
    `Table ${made.table} is open; this browser is its admin. `,
    text("a", "Open it", { href: `#/table/${made.table}`, class: "move" }),
  );
  await refreshLobby().catch(() => {});
}

async function join(target) {
  const [table, seat] = target.split("/");
  const name = $("name").value.trim();
  localStorage.setItem("seaview:name", name);
  try {
    const { token } = await api("POST", `/api/tables/${table}/seats/${seat}`, name ? { name } : undefined);
    kept.keep(table, { seat: Number(seat), token });
    location.hash = `#/table/${table}`;
  } catch (error) {
    $("lobby-note").textContent = error.message;
  }
}

// The move a link names, in the button row (href) or in the picture (xlink:href).
const linkedMove = (link) => {
  const target = link.getAttribute("href") || link.getAttribute("xlink:href") || "";
  return target.startsWith("#move=") ? decodeURIComponent(target.slice(6)) : null;
};

// A move in the words of the title its link in the picture gives: "R7 (red 7)" for
// "R7", "take red-star" for "take 0"; else its notation ("draw", "pass red-star").
const inWords = (move, title) => {
  if (!title || title === move || move.endsWith(` ${title}`)) return move;
  if (title.startsWith(`${move} `)) return title;
  const [verb, ...rest] = move.split(" ");
  return rest.length === 1 && /^\d+$/.test(rest[0]) ? `${verb} ${title}` : move;
};
// The moves of the picture in words, for ``seat`` (a move "by" the seat itself, as a
// pass that seats choose together, need not say so).
const movesInWords = (seat) => {
  const words = new Map();
  for (const link of $("picture").querySelectorAll("a")) {
    const title = link.getAttribute("aria-label") || (link.querySelector("title") || {}).textContent;
    const move = linkedMove(link);
    if (move !== null) words.set(move, inWords(move.replace(new RegExp(` by ${seat}$`), ""), title && title.trim()));
  }
  return words;
};

function showTable(table) {
  leaveLobby();
  $("lobby").hidden = true;
  $("table").hidden = false;
  const held = kept.seat(table);
  const admin = kept.admin(table);
  const seat = held ? held.seat : null;
  const token = held && held.token;
  $("title").textContent = `Table ${table}`;
  document.title = `Table ${table} · ${NAME}`;
  for (const id of ["log", "moves", "picture", "admin", "outcomes", "outcome-names"]) $(id).replaceChildren();
  delete $("log").dataset.version;
  for (const id of ["refusal", "status", "token", "presence"]) $(id).textContent = "";
  for (const id of ["live", "typed", "enter", "banner", "missing", "leave-ask", "token-shown", "replay"]) $(id).hidden = true;
  $("play").hidden = false;
  $("replay-picture").replaceChildren();
  $("leave").hidden = !held;
  $("token-box").hidden = !admin;
  $("token-show").hidden = false;
  $("alert-box").hidden = !held;
  $("alert").checked = localStorage.getItem("seaview:alert") === "on";
  $("moves").classList.remove("dock");
  let since = 0;
  let version = 0;
  let latest = null;
  let retry = 1000;
  let entry = { names: [], seats: [] };
  const said = []; // the log's lines: {text, ends_round, names (as they were then)}
  const me = {};
  current = me;
  const path = `/api/tables/${table}`;
  tags.delete(path);

  // A seat's name as it was when the words were said, else as it is now: a player who
  // left keeps the name on the lines of the moves the player made.
  const saySeats = (words, then = null) =>
    words.replace(/\bseat (\d+)\b/g, (all, s) => (then && then[s]) || (entry.names && entry.names[s]) || all);
  const header = () => {
    const name = entry.names && entry.names[seat];
    $("where").textContent = held ? `you are seat ${seat}${name ? `, ${name}` : ""}` : admin ? "admin" : "spectator";
    $("host-deals").hidden = entry.chance !== "external";
    if (entry.game) $("title").textContent = `Table ${table} · ${titleOf(entry.game)}`;
    // Who is at the table now: each player's live channel, as the server counts them.
    const here = entry.connected || [];
    $("presence").textContent = (entry.seats || [])
      .map((kind, s) => {
        const who = s === seat ? "you" : nameOf(entry.names, s);
        if (kind === "taken") return `${who} ${here[s] ? "● here" : "○ away"}`;
        return kind === "open" ? `${who}: open` : `${who}: ${kind.replace(":", " ")}`;
      })
      .join(" · ");
  };
  header(); // without the names until the table's entry is read
  const writeLog = () => {
    // One line a change, in the game's words; a break after the end of each round.
    $("log").replaceChildren(...said.map((line, at) => text("li", saySeats(line.text, line.names), at && said[at - 1].ends_round ? { class: "round" } : {})));
    $("log").scrollTop = $("log").scrollHeight;
  };
  const follow = (next) => {
    // The table's rematch: every seat keeps its token there, and every page goes.
    if (held) kept.keep(next, held);
    if (admin) kept.keepAdmin(next, admin);
    location.hash = `#/table/${next}`;
  };
  const banner = () => {
    $("banner").hidden = !entry.over;
    if (!entry.over) return;
    $("winner").textContent = winnerOf(entry.outcome, entry.names, seat);
    document.title = `${winnerOf(entry.outcome, entry.names, seat)} · Table ${table} · ${NAME}`;
    const scores = (entry.outcome && entry.outcome.scores) || [];
    $("scores").textContent = scores.map((score, s) => `${s === seat ? "you" : nameOf(entry.names, s)}: ${score}`).join(" · ");
    $("rematch").hidden = !(held || admin);
  };
  const adminSeats = () => {
    if (!admin) return;
    $("admin").replaceChildren(
      ...entry.seats.flatMap((kind, s) =>
        kind === "taken" ? [text("button", `free seat ${s} (${nameOf(entry.names, s)})`, { type: "button", "data-free": String(s) })] : [],
      ),
    );
  };
  const readEntry = async () => {
    const found = await changed(path).catch((error) => (error.status === 404 ? missing() : null));
    if (!found || current !== me) return;
    if (held && found.seats[seat] === "open") {
      // The seat was left (in another tab) or freed by the admin: watch from now on.
      kept.forget(table);
      return showTable(table);
    }
    const renamed = JSON.stringify(found.names) !== JSON.stringify(entry.names);
    entry = found;
    if (entry.rematch) return follow(entry.rematch);
    header();
    if (renamed) {
      writeLog();
      if (shown) $("status").textContent = statusOf(shown); // a player who left is named no more
    }
    banner();
    adminSeats();
  };
  // No such table (deleted, expired, or a wrong link): nothing to poll or follow.
  const missing = () => {
    if (current !== me) return null;
    current = null;
    clearInterval(entryTimer);
    if (socket) socket.close();
    socket = null;
    for (const id of ["live", "banner", "host-deals", "play", "replay"]) $(id).hidden = true;
    for (const id of ["picture", "moves", "log"]) $(id).replaceChildren();
    for (const id of ["status", "presence"]) $(id).textContent = "";
    $("missing-words").textContent = `There is no table ${table} here: it was deleted, it expired, or the link is wrong.`;
    $("missing").hidden = false;
    document.title = `No such table · ${NAME}`;
    return null;
  };
  const entryTimer = setInterval(() => {
    if (current !== me) clearInterval(entryTimer);
    else if (!document.hidden) readEntry();
  }, POLL);
  const ready = Promise.all([loadGames().catch(() => {}), readEntry()]);

  const act = async (how, path_, body, key = token) => {
    $("refusal").textContent = "";
    const at = version;
    try {
      return await api(how, `/api/tables/${table}${path_}`, body, key);
    } catch (error) {
      // The reason only, in the players' names: a rule's ID is for the rule book. A
      // refusal of a move on a table that has moved on since is not said: the page is
      // already redrawn, and the next change would clear it anyway.
      if (current === me && (version === at || error.offline)) $("refusal").textContent = saySeats(error.message);
      return null;
    }
  };
  const play = (move) => act("POST", "/moves", { move, version });
  me.table = table;
  me.play = play;

  let enterable = new Map(); // the outcomes offered, by their names typed in lower case
  const enter = (move) => {
    $("enter").hidden = true;
    act("POST", "/chance", { move, version }, admin);
  };
  const offerOutcomes = async (at) => {
    const found = await act("GET", "/chance", undefined, admin);
    if (!found || current !== me || version !== at) return;
    // A button a card or spin, named without the verb they all share ("deal"), and the
    // same names to type.
    const verbs = new Set(found.outcomes.map((o) => o.move.split(" ")[0]));
    const shared = verbs.size === 1 && found.outcomes.every((o) => o.move.includes(" ")) ? `${[...verbs][0]} ` : "";
    const named = found.outcomes.map((o) => ({ ...o, name: o.move.slice(shared.length) }));
    enterable = new Map(named.flatMap((o) => [[o.move.toLowerCase(), o.move], [o.name.toLowerCase(), o.move]]));
    $("outcomes").replaceChildren(
      ...named.map((o) => text("button", o.name, { type: "button", "data-outcome": o.move, title: `${o.move}: probability ${o.probability}`, class: "outcome" })),
    );
    $("outcome-names").replaceChildren(...named.map((o) => text("option", "", { value: o.name })));
    $("outcome").value = "";
    $("enter").hidden = false;
  };

  // Whether this page is to press the dealer's (or spinner's) button.
  const yours = (update) => held !== null && update.chance_seat === seat && entry.chance === "step" && update.view.data.to_move !== null;
  // The status line of an update, in the players' names as the lobby has them now.
  const statusOf = (update) => {
    const view = update.view.data;
    const moves = view.to_move === null ? [] : view.legal_moves;
    const verb = verbOf(gameOf(entry.game));
    const choosing = Array.isArray(view.choosing) && view.choosing.length ? view.choosing : null;
    if (view.to_move === null) return "The game is over.";
    if (choosing) return moves.length ? "Choose a card to pass." : `Waiting for ${seatList(entry.names, choosing)} to choose.`;
    if (view.to_move !== "chance") return moves.length ? "Your move." : `${nameOf(entry.names, view.to_move)} is to move.`;
    if (yours(update)) return `Your ${verb}: press the button.`;
    if (entry.chance === "external") return admin ? "Enter the real card or spin." : "Waiting for the real card or spin to be entered.";
    if (entry.chance === "step" && typeof update.chance_seat === "number") return `${nameOf(entry.names, update.chance_seat)} ${verb}s.`;
    return `The table ${verb}s.`;
  };
  let wasTurn = true; // whether the update drawn last was this seat's turn (no chime on opening)
  let shown = null; // the update drawn last, whose status is said anew when names change
  let focused = false; // whether the focus was on a control the next drawing replaces
  const draw = async (update) => {
    await ready;
    if (current !== me) return;
    version = update.version;
    $("refusal").textContent = ""; // the table has moved on, and the server answers
    const names = [...(entry.names || [])];
    said.push(...update.lines.map((line) => ({ ...line, names })));
    writeLog();
    const view = update.view.data;
    const over = view.to_move === null;
    const chance = entry.chance;
    const verb = verbOf(gameOf(entry.game));
    const moves = over ? [] : view.legal_moves;
    const mine = yours(update);
    shown = update;
    $("status").textContent = statusOf(update);
    const turn = Boolean(moves.length || mine);
    document.title = `${turn ? "● Your turn · " : ""}Table ${table} · ${NAME}`;
    if (over) banner(); // the winner, in the tab's title too
    if (turn && !wasTurn && held && $("alert").checked) chime();
    wasTurn = turn;
    $("moves").classList.toggle("dock", mine);
    const entering = admin && chance === "external" && view.to_move === "chance";
    $("enter").hidden = true; // offered again once the outcomes of this version are read
    if (update === latest) {
      if (entering) offerOutcomes(update.version);
      if (over) readEntry(); // the winner and the scores
      await drawPicture(); // only the newest update's: an older one would be drawn for nothing
    }
    if (current !== me) return;
    const words = movesInWords(seat);
    $("moves").replaceChildren(
      ...moves.map((move) => text("a", words.get(move) || move, { href: `#move=${encodeURIComponent(move)}`, class: "move", "data-move": move })),
    );
    if (mine) $("moves").append(text("button", verb, { "data-step": verb, type: "button" }));
    if (focused) {
      const next = $("picture").querySelector("a") || $("moves").querySelector("a, button");
      if (next) next.focus();
      else $("status").focus();
      focused = false;
    }
    $("typed-move").placeholder = moves.slice(0, 3).join(", ");
    $("typed").hidden = !(held && moves.length);
    $("log").dataset.version = String(update.version); // drawn: for tests and scripts
  };
  let drawing = Promise.resolve(); // one update drawn after the other, in order
  let drawnFor = 0; // the width the picture was drawn for
  const drawPicture = async () => {
    drawnFor = pictureWidth();
    try {
      const picture = await fetch(`/api/tables/${table}/view.svg?width=${drawnFor}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (picture.ok && current === me) {
        const markup = await picture.text();
        // A keyboard player's focus stays in the picture when it is drawn anew.
        focused = focused || $("picture").contains(document.activeElement) || $("moves").contains(document.activeElement);
        $("picture").innerHTML = markup;
        const svg = $("picture").querySelector("svg");
        const width = svg && Number(svg.getAttribute("width"));
        // Never so small that its words cannot be read: the box scrolls instead.
        if (width) svg.style.minWidth = `${Math.round(width * 0.9)}px`;
      }
    } catch {
      // the live channel is down as well: it says so, and redraws once back
    }
  };
  // The replay of a finished table: its record a move at a time, each picture what this
  // page's seat (or a spectator) saw then, drawn by the server.
  let replayAt = 0;
  let replayMoves = null; // how many moves the record has, once the first picture says
  let stepping = Promise.resolve();
  const replayTo = async (at) => {
    const width = pictureWidth();
    const query = at === null ? `width=${width}` : `move=${at}&width=${width}`;
    try {
      const picture = await reach(`/api/tables/${table}/replay.svg?${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!picture.ok) throw new Error((await picture.json().catch(() => ({}))).reason || picture.statusText);
      replayMoves = Number(picture.headers.get("Record-Moves"));
      replayAt = at === null ? replayMoves : at;
      const markup = await picture.text();
      if (current !== me || $("replay").hidden) return;
      $("replay-picture").innerHTML = markup;
      $("replay-at").textContent = `move ${replayAt} of ${replayMoves}`;
      $("refusal").textContent = "";
    } catch (error) {
      $("refusal").textContent = error.message;
    }
  };
  me.replay = (how) => {
    if (how === "open") {
      $("replay").hidden = false;
      $("play").hidden = true;
      stepping = stepping.then(() => replayTo(null));
      return stepping;
    }
    if (how === "close") {
      $("replay").hidden = true;
      $("play").hidden = false;
      return me.resized();
    }
    // One step after the other, each from where the one before it left the replay.
    stepping = stepping.then(() => {
      const last = replayMoves ?? 0;
      const to = { first: 0, back: Math.max(0, replayAt - 1), next: Math.min(last, replayAt + 1), last }[how];
      return to === replayAt ? null : replayTo(to);
    });
    return stepping;
  };
  // A window made narrower or wider (a phone turned): the picture drawn for its box anew.
  me.resized = () => {
    if (!$("replay").hidden) return; // the live picture is drawn anew once the replay closes
    if (latest && pictureWidth() !== drawnFor) drawing = drawing.then(drawPicture).catch(() => {});
  };

  const connect = () => {
    if (current !== me) return;
    if (socket) socket.close();
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const live = new WebSocket(`${scheme}://${location.host}/api/tables/${table}/live`);
    socket = live;
    let opened = false; // whether this channel's first update came: the entry then says it is here
    live.onopen = () => live.send(JSON.stringify({ token: token || null, since }));
    live.onmessage = (message) => {
      const update = JSON.parse(message.data);
      if (update.error) {
        if (update.status === 404) missing();
        else if (held && update.status === 403) {
          // The seat was left or freed: this browser watches from now on.
          kept.forget(table);
          showTable(table);
        } else $("refusal").textContent = update.reason;
        return;
      }
      retry = 1000;
      if (!opened) readEntry(); // this page counted as here from now on
      opened = true;
      $("live").hidden = true;
      since = update.version;
      latest = update;
      drawing = drawing.then(() => draw(update)).catch(() => {});
    };
    live.onclose = (event) => {
      if (socket !== live || current !== me || event.code === 1008) return;
      if ($("live").hidden) $("refusal").textContent = ""; // a refusal of before the outage is not news
      $("live").hidden = false; // reconnecting: what is shown may be out of date
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  };
  connect();

  $("table").onclick = async (event) => {
    const link = event.target.closest("a");
    const move = link && linkedMove(link);
    const free = event.target.closest("[data-free]");
    if (move !== null && move !== undefined) {
      event.preventDefault();
      play(move);
    } else if (event.target.closest("[data-step]")) {
      // One press deals the dealer's whole deal; a spin is one spin.
      act("POST", "/step", event.target.closest("[data-step]").dataset.step === "deal" ? { all: true, version } : { version });
    } else if (event.target.closest("#leave")) {
      // The seat reopens to anyone, with its hand: asked first.
      $("leave").hidden = true;
      $("leave-ask").hidden = false;
      $("leave-no").focus();
    } else if (event.target.closest("#leave-no")) {
      $("leave-ask").hidden = true;
      $("leave").hidden = false;
    } else if (event.target.closest("#leave-yes")) {
      $("leave-ask").hidden = true;
      if (await act("DELETE", `/seats/${seat}`)) {
        kept.forget(table);
        showTable(table);
      } else $("leave").hidden = false;
    } else if (event.target.closest("#replay-open")) {
      me.replay("open");
    } else if (event.target.closest("#replay-close")) {
      me.replay("close");
    } else if (event.target.closest("[data-replay]")) {
      me.replay(event.target.closest("[data-replay]").dataset.replay);
    } else if (event.target.closest("#token-show")) {
      $("token").textContent = admin;
      $("token-shown").hidden = false;
      $("token-show").hidden = true;
    } else if (event.target.closest("#token-hide")) {
      $("token").textContent = "";
      $("token-shown").hidden = true;
      $("token-show").hidden = false;
    } else if (event.target.closest("#token-copy")) {
      navigator.clipboard.writeText(admin).then(
        () => ($("token-copy").textContent = "Copied"),
        () => ($("token-copy").textContent = "Select it to copy"),
      );
    } else if (free) act("DELETE", `/seats/${free.dataset.free}`, undefined, admin).then(readEntry);
    else if (event.target.closest("#rematch")) {
      const made = await act("POST", "/rematch", {}, token || admin);
      if (made) follow(made.table);
    }
  };
  $("replay").onkeydown = (event) => {
    // The arrow keys step the replay, Home and End go to its ends.
    const how = { ArrowLeft: "back", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (how && !event.target.closest("input, select, textarea")) {
      event.preventDefault();
      me.replay(how);
    }
  };
  $("picture").onkeydown = (event) => {
    // A link of the picture is a control: Enter and Space press it, as a button's do.
    const link = event.target.closest && event.target.closest("a");
    if (link && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    }
  };
  $("typed").onsubmit = (event) => {
    event.preventDefault();
    play($("typed-move").value.trim());
  };
  $("enter").onsubmit = (event) => {
    event.preventDefault();
    const typed = $("outcome").value.trim();
    const move = enterable.get(typed.toLowerCase());
    if (move) enter(move);
    else $("refusal").textContent = `"${typed}" is none of the cards or spins that can come now.`;
  };
  $("outcomes").onclick = (event) => {
    const button = event.target.closest("[data-outcome]");
    if (button) enter(button.dataset.outcome);
  };
}

function route() {
  if (location.hash.startsWith("#move=")) {
    // A move link followed without the click handler (a middle click, a script):
    // play it on the table shown, and stay there.
    const move = decodeURIComponent(location.hash.slice(6));
    if (current) {
      history.replaceState(null, "", `#/table/${current.table}`);
      current.play(move);
      return;
    }
  }
  const match = location.hash.match(/^#\/table\/([\w-]+)$/);
  if (match) {
    if (!current || current.table !== match[1] || $("table").hidden) showTable(match[1]);
    return;
  }
  current = null;
  if (socket) socket.close();
  socket = null;
  showLobby().catch((error) => ($("lobby-note").textContent = error.message));
}

document.addEventListener("DOMContentLoaded", () => {
  $("create").addEventListener("submit", create);
  $("add-seat").addEventListener("click", () => addSeat("bot:random"));
  $("game").addEventListener("change", resetSeats);
  $("name").addEventListener("change", () => localStorage.setItem("seaview:name", $("name").value.trim()));
  $("alert").addEventListener("change", () => {
    localStorage.setItem("seaview:alert", $("alert").checked ? "on" : "off");
    if ($("alert").checked) chime(); // a sound starts only after a click; and the player hears it
  });
  $("tables").addEventListener("click", (event) => {
    if (event.target.dataset.join) join(event.target.dataset.join);
  });
  // The lobby a page at a time: open tables first, then the others.
  const turnTo = (cursor) => {
    lobbyPage = cursor;
    tags.delete(lobbyPath());
    refreshLobby().catch(() => {});
  };
  $("more-tables").addEventListener("click", () => turnTo(lobbyNext));
  $("first-tables").addEventListener("click", () => turnTo(null));
  window.addEventListener("hashchange", route);
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => current && current.resized && current.resized(), 300);
  });
  route();
});
