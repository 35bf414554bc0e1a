// The light client of `seaview serve`: a lobby and a table page per seat, in plain
// JavaScript. The server draws the picture and says the legal moves; this page only
// shows them, sends the chosen move, and follows the live channel. A seat's token is
// kept in this tab's sessionStorage and sent in the Authorization header or the live
// channel's first message, never in a URL.
"use strict";

const $ = (id) => document.getElementById(id);
const api = async (method, path, body, token) => {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body && JSON.stringify(body) });
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw Object.assign(new Error(data.reason || response.statusText), { data });
  return data;
};
const tokenKey = (table) => `seaview:${table}`;
const text = (tag, content, attrs = {}) => {
  const node = document.createElement(tag);
  node.textContent = content;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
};
const NAME = "seaview serve";
const LOBBY_POLL = 3000; // ms between two reads of the lobby while it is shown

let games = [];
let socket = null;
let current = null; // the table shown: {table, play(move)}; null in the lobby
let lobbyTimer = null;
let lobbySeen = "";

async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("where").textContent = "";
  document.title = `Tables · ${NAME}`;
  if (!games.length) {
    games = (await api("GET", "/api/games")).games;
    for (const game of games) $("game").append(text("option", game.title, { value: game.name }));
    resetSeats();
  }
  await refreshLobby();
  clearInterval(lobbyTimer);
  if (current) return; // a table was opened meanwhile: no lobby to keep fresh
  lobbyTimer = setInterval(() => {
    if (!document.hidden) refreshLobby().catch(() => {});
  }, LOBBY_POLL);
}

async function refreshLobby() {
  let rows;
  try {
    rows = (await api("GET", "/api/tables")).tables;
  } catch (error) {
    $("lobby-state").textContent = `Cannot read the tables (${error.message}); trying again.`;
    throw error;
  }
  $("lobby-state").textContent = "";
  if ($("lobby").hidden) return;
  const seen = JSON.stringify(rows);
  if (seen === lobbySeen) return; // unchanged: keep the rows, and the focus in them
  lobbySeen = seen;
  const body = $("tables").querySelector("tbody");
  body.replaceChildren();
  if (!rows.length) {
    const none = text("td", "No tables yet: create one above.", { colspan: "5" });
    body.append(document.createElement("tr"));
    body.lastChild.append(none);
  }
  for (const entry of rows) {
    const row = document.createElement("tr");
    row.append(text("td", entry.table, { "data-label": "table" }));
    row.append(text("td", entry.game, { "data-label": "game" }));
    const seats = text("td", "", { "data-label": "seats" });
    entry.seats.forEach((kind, seat) => {
      if (kind === "open") {
        seats.append(text("button", `join seat ${seat}`, { "data-join": `${entry.table}/${seat}`, type: "button" }));
      } else seats.append(text("span", `${seat}: ${kind} `));
    });
    const version = entry.over ? `${entry.version} (over)` : String(entry.version);
    row.append(seats, text("td", version, { "data-label": "version" }));
    const watch = text("td", "", { "data-label": "" });
    watch.append(text("a", "watch", { href: `#/table/${entry.table}`, class: "move", "aria-label": `watch table ${entry.table}` }));
    row.append(watch);
    body.append(row);
  }
}

function leaveLobby() {
  clearInterval(lobbyTimer);
  lobbyTimer = null;
  lobbySeen = "";
}

function resetSeats() {
  const game = games.find((g) => g.name === $("game").value) || games[0];
  $("seat-kinds").replaceChildren();
  for (let seat = 0; seat < game.min_players; seat++) addSeat(seat === 0 ? "open" : "bot:random");
}

function addSeat(kind) {
  const game = games.find((g) => g.name === $("game").value);
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

async function create(event) {
  event.preventDefault();
  $("lobby-note").textContent = "";
  const seats = [...$("seat-kinds").querySelectorAll("select")].map((s) => s.value);
  const body = { game: $("game").value, seats };
  if ($("chance").value) body.chance = $("chance").value;
  try {
    const made = await api("POST", "/api/tables", body);
    await refreshLobby();
    // Shown once, never kept by the page: the admin token enters real cards and reads
    // the full record, hidden cards included, so it is not for a player's tab.
    $("lobby-note").textContent = `Table ${made.table} is open. Its admin token (real cards, the full record, deleting it): ${made.admin_token}`;
  } catch (error) {
    $("lobby-note").textContent = error.message;
  }
}

async function join(target) {
  const [table, seat] = target.split("/");
  try {
    const { token } = await api("POST", `/api/tables/${table}/seats/${seat}`);
    sessionStorage.setItem(tokenKey(table), JSON.stringify({ seat: Number(seat), token }));
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

function showTable(table) {
  leaveLobby();
  $("lobby").hidden = true;
  $("table").hidden = false;
  const held = JSON.parse(sessionStorage.getItem(tokenKey(table)) || "null");
  const seat = held ? held.seat : null;
  const token = held && held.token;
  $("title").textContent = `Table ${table}`;
  $("where").textContent = held ? `seat ${seat}` : "spectator";
  document.title = `Table ${table} · ${NAME}`;
  $("log").replaceChildren();
  delete $("log").dataset.version;
  $("refusal").textContent = "";
  $("live").hidden = true;
  $("typed").hidden = true;
  $("moves").replaceChildren();
  $("picture").replaceChildren();
  $("status").textContent = "";
  let since = 0;
  let version = 0;
  let latest = null;
  let retry = 1000;
  const me = {};
  current = me;
  // The table's chance mode: only a "step" table has a button to press.
  const entry = api("GET", `/api/tables/${table}`).catch(() => ({ chance: "step", game: "" }));

  const act = async (path, body) => {
    $("refusal").textContent = "";
    try {
      await api("POST", `/api/tables/${table}/${path}`, { ...body, version }, token);
    } catch (error) {
      const data = error.data || {};
      $("refusal").textContent = data.rule ? `${data.rule}: ${data.reason}` : error.message;
    }
  };
  me.table = table;
  me.play = (move) => act("moves", { move });

  const draw = async (update) => {
    const { chance } = await entry;
    if (current !== me) return;
    version = update.version;
    $("refusal").textContent = ""; // the table has moved on, and the server answers
    for (const event of update.events) $("log").append(text("li", event.text));
    $("log").scrollTop = $("log").scrollHeight;
    const view = update.view.data;
    const over = view.to_move === null;
    const spin = "spin / deal";
    const mine = held !== null && update.chance_seat === seat && chance === "step";
    const yours = !over && (view.to_move === seat || mine);
    let status;
    if (over) status = "The game is over.";
    else if (view.to_move !== "chance") status = view.to_move === seat ? "Your move." : `Seat ${view.to_move} is to move.`;
    else if (mine) status = `Your ${spin}: press the button.`;
    else if (chance === "external") status = "Waiting for the real card or spin to be entered.";
    else if (update.chance_seat !== null && update.chance_seat !== undefined) status = `Seat ${update.chance_seat} is to ${spin}.`;
    else status = "Chance is to move.";
    $("status").textContent = status;
    document.title = `${yours ? "Your turn · " : ""}Table ${table} · ${NAME}`;
    if (update === latest) {
      // Only the newest update's picture: an older one would be drawn for nothing.
      try {
        const picture = await fetch(`/api/tables/${table}/view.svg`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
        if (picture.ok && current === me) {
          $("picture").innerHTML = await picture.text();
          const svg = $("picture").querySelector("svg");
          const width = svg && Number(svg.getAttribute("width"));
          // Never so small that its words cannot be read: the box scrolls instead.
          if (width) svg.style.minWidth = `${Math.round(width * 0.9)}px`;
        }
      } catch {
        // the live channel is down as well: it says so, and redraws once back
      }
    }
    if (current !== me) return;
    const moves = $("moves");
    moves.replaceChildren();
    for (const move of view.legal_moves) {
      moves.append(text("a", move, { href: `#move=${encodeURIComponent(move)}`, class: "move", "data-move": move }));
    }
    if (mine) moves.append(text("button", spin, { "data-step": "1", type: "button" }));
    $("typed").hidden = !(held && view.legal_moves.length);
    $("log").dataset.version = String(update.version); // drawn: for tests and scripts
  };
  let drawing = Promise.resolve(); // one update drawn after the other, in order

  const connect = () => {
    if (current !== me) return;
    if (socket) socket.close();
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const live = new WebSocket(`${scheme}://${location.host}/api/tables/${table}/live`);
    socket = live;
    live.onopen = () => live.send(JSON.stringify({ token: token || null, since }));
    live.onmessage = (message) => {
      const update = JSON.parse(message.data);
      if (update.error) {
        $("refusal").textContent = update.reason;
        return;
      }
      retry = 1000;
      $("live").hidden = true;
      since = update.version;
      latest = update;
      drawing = drawing.then(() => draw(update)).catch(() => {});
    };
    live.onclose = (event) => {
      if (socket !== live || current !== me || event.code === 1008) return;
      $("live").hidden = false; // reconnecting: what is shown may be out of date
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  };
  connect();

  $("table").onclick = (event) => {
    const link = event.target.closest("a");
    const move = link && linkedMove(link);
    if (move !== null && move !== undefined) {
      event.preventDefault();
      act("moves", { move });
    } else if (event.target.closest("[data-step]")) act("step", {});
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
    act("moves", { move: $("typed-move").value.trim() });
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
  $("tables").addEventListener("click", (event) => {
    if (event.target.dataset.join) join(event.target.dataset.join);
  });
  window.addEventListener("hashchange", route);
  route();
});
