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

let games = [];
let socket = null;

async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("where").textContent = "";
  if (!games.length) {
    games = (await api("GET", "/api/games")).games;
    for (const game of games) $("game").append(text("option", game.title, { value: game.name }));
    resetSeats();
  }
  const rows = (await api("GET", "/api/tables")).tables;
  const body = $("tables").querySelector("tbody");
  body.replaceChildren();
  for (const entry of rows) {
    const row = document.createElement("tr");
    row.append(text("td", entry.table), text("td", entry.game));
    const seats = document.createElement("td");
    entry.seats.forEach((kind, seat) => {
      if (kind === "open") {
        const join = text("button", `join seat ${seat}`, { "data-join": `${entry.table}/${seat}` });
        seats.append(join);
      } else seats.append(text("span", `${seat}: ${kind} `));
    });
    row.append(seats, text("td", entry.over ? `${entry.version} (over)` : String(entry.version)));
    const watch = document.createElement("td");
    watch.append(text("a", "watch", { href: `#/table/${entry.table}`, class: "move" }));
    row.append(watch);
    body.append(row);
  }
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
  select.setAttribute("aria-label", `seat ${count}`);
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
    await showLobby();
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

function showTable(table) {
  $("lobby").hidden = true;
  $("table").hidden = false;
  const held = JSON.parse(sessionStorage.getItem(tokenKey(table)) || "null");
  const token = held && held.token;
  $("title").textContent = `Table ${table}`;
  $("where").textContent = held ? `seat ${held.seat}` : "spectator";
  $("log").replaceChildren();
  delete $("log").dataset.version;
  $("refusal").textContent = "";
  let since = 0;
  let version = 0;

  const act = async (path, body) => {
    $("refusal").textContent = "";
    try {
      await api("POST", `/api/tables/${table}/${path}`, { ...body, version }, token);
    } catch (error) {
      const data = error.data || {};
      $("refusal").textContent = data.rule ? `${data.rule}: ${data.reason}` : error.message;
    }
  };

  const draw = async (update) => {
    version = update.version;
    for (const entry of update.events) $("log").append(text("li", entry.text));
    $("log").scrollTop = $("log").scrollHeight;
    const view = update.view.data;
    const over = view.to_move === null;
    $("status").textContent = over
      ? "The game is over."
      : view.to_move === "chance"
        ? "Chance is to move."
        : view.to_move === (held && held.seat) ? "Your move." : `Seat ${view.to_move} is to move.`;
    const picture = await fetch(`/api/tables/${table}/view.svg`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    $("picture").innerHTML = picture.ok ? await picture.text() : "";
    const moves = $("moves");
    moves.replaceChildren();
    for (const move of view.legal_moves) {
      moves.append(text("a", move, { href: `#move=${encodeURIComponent(move)}`, class: "move", "data-move": move }));
    }
    if (held && view.to_move === "chance") moves.append(text("button", "spin / deal", { "data-step": "1" }));
    $("log").dataset.version = String(update.version); // drawn: for tests and scripts
  };
  let drawing = Promise.resolve(); // one update drawn after the other, in order

  const connect = () => {
    if (socket) socket.close();
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/tables/${table}/live`);
    socket.onopen = () => socket.send(JSON.stringify({ token: token || null, since }));
    socket.onmessage = (message) => {
      const update = JSON.parse(message.data);
      if (update.error) {
        $("refusal").textContent = update.reason;
        return;
      }
      since = update.version;
      drawing = drawing.then(() => draw(update));
    };
    socket.onclose = (event) => {
      if (event.code !== 1008 && location.hash === `#/table/${table}`) setTimeout(connect, 1000);
    };
  };
  connect();

  $("table").onclick = (event) => {
    const link = event.target.closest("a[href^='#move=']");
    if (link) {
      event.preventDefault();
      act("moves", { move: decodeURIComponent(link.getAttribute("href").slice(6)) });
    } else if (event.target.dataset.step) act("step", {});
  };
  $("typed").onsubmit = (event) => {
    event.preventDefault();
    act("moves", { move: $("typed-move").value.trim() });
  };
}

function route() {
  const match = location.hash.match(/^#\/table\/([\w-]+)$/);
  if (match) showTable(match[1]);
  else {
    if (socket) socket.close();
    showLobby().catch((error) => ($("lobby-note").textContent = error.message));
  }
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
