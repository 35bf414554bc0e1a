// The client page of `seaview serve` as a player meets it, at 1280 x 800 and 390 x 844,
// in headless Chromium against a real server on 127.0.0.1: each case below is a bug of
// the page (issue 47) and checks that it stays fixed. The cases run one after the other,
// each on pages of its own; every failing case is said, and any fails the run.
//
//     CHROMIUM=/usr/bin/chromium PYTHON=.venv/bin/python node web/tests/page.mjs OUT
//
// Writes OUT/page.json (the cases and their figures) and screenshots to OUT.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { Serving } from "./serving.mjs";

const [out] = process.argv.slice(2);
if (!out) throw new Error("usage: node web/tests/page.mjs OUT");
await mkdir(out, { recursive: true });
const WAIT = { timeout: 10000 };
const POLL = { ...WAIT, polling: 20 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DEADLINE = 240_000;
const fail = (message) => {
  throw new Error(message);
};

const db = join(await mkdtemp(join(tmpdir(), "seaview-page-")), "tables.sqlite");
const server = new Serving(db, 11);
const start = (port) => server.start(port);
const stop = () => server.stop();
const watchdog = setTimeout(() => {
  console.error(`page test: not done after ${DEADLINE / 1000} s`);
  server.kill();
  process.exit(2);
}, DEADLINE);
const origin = await start(0);
const port = Number(new URL(origin).port);

const api = async (method, path, body, token) => {
  const headers = { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(origin + path, { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(WAIT.timeout) });
  const data = await response.json();
  if (!response.ok) fail(`${method} ${path}: ${response.status} ${data.reason}`);
  return data;
};
// A table with open seats taken by players who join over the API.
const table = async (game, seats, extra = {}) => {
  const made = await api("POST", "/api/tables", { game, seats, ...extra });
  const tokens = [];
  for (const [seat, kind] of seats.entries()) {
    if (kind === "open") tokens[seat] = (await api("POST", `/api/tables/${made.table}/seats/${seat}`, { name: ["Ann", "Bob", "Cy"][seat] })).token;
  }
  return { id: made.table, admin: made.admin_token, tokens };
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--disable-gpu", "--no-first-run"] });
const errors = [];
// A page of its own browser at ``viewport``, holding ``seat``'s token of ``held`` (a
// table of `table`) as the page keeps it, or nothing (a newcomer, a spectator).
const open = async (viewport, held = null, seat = null) => {
  const context = await browser.newContext({ viewport });
  if (held) {
    await context.addInitScript(
      ([id, s, token]) => localStorage.setItem(`seaview:${id}`, JSON.stringify({ seat: s, token })),
      [held.id, seat, held.tokens[seat]],
    );
  }
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  return page;
};
const drawn = (page) => page.waitForFunction(() => document.getElementById("log").dataset.version !== undefined, null, POLL);
const version = async (page) => Number(await page.evaluate(() => document.getElementById("log").dataset.version));
const moved = (page, from) => page.waitForFunction((v) => Number(document.getElementById("log").dataset.version) > v, from, POLL);
const says = async (page, selector, wanted, what) => {
  const ok = await page
    .waitForFunction(
      ([sel, want]) => new RegExp(want).test((document.querySelector(sel) || {}).textContent || ""),
      [selector, wanted.source],
      POLL,
    )
    .then(() => true, () => false);
  if (!ok) fail(`${what}: "${await page.$eval(selector, (n) => n.textContent).catch(() => "(none)")}", not ${wanted}`);
};

const results = { cases: {}, screenshots: [] };
const shot = async (page, name, options = {}) => {
  await page.screenshot({ path: join(out, name), ...options });
  results.screenshots.push(name);
};
const cases = [];
const check = (name, body) => cases.push([name, body]);

check("the leagues spin button is on screen with the board, at 1280 x 800 and 390 x 844", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const t = await table("leagues", ["open", "open"], { chance: "step" });
    const page = await open(viewport, t, 0);
    await page.goto(`${origin}/#/table/${t.id}`);
    await page.waitForSelector("#picture svg", WAIT);
    await page.waitForSelector("[data-step]", WAIT);
    const sizes = [];
    for (const where of ["top", "picture's bottom"]) {
      if (where !== "top") await page.evaluate(() => document.querySelector("#picture svg").scrollIntoView({ block: "end" }));
      const { top, bottom, hit } = await page.$eval("[data-step]", (button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { top: box.top, bottom: box.bottom, hit: hit === button };
      });
      if (top < 0 || bottom > viewport.height || !hit) fail(`at ${viewport.width} px, the picture's ${where}: the spin button spans ${top} to ${bottom} px`);
      sizes.push(Math.round(bottom));
    }
    await shot(page, `leagues-spin-${viewport.width}.png`);
    const from = await version(page);
    await page.click("[data-step]");
    await moved(page, from);
    results.cases.spinButtonBottom = { ...results.cases.spinButtonBottom, [viewport.width]: sizes };
    await page.context().close();
  }
});

check("leaving a seat asks first", async () => {
  const t = await table("voyage", ["open", "bot:random"]);
  const page = await open(PHONE, t, 0);
  await page.goto(`${origin}/#/table/${t.id}`);
  await drawn(page);
  await page.click("#leave");
  await page.waitForTimeout(300);
  if ((await api("GET", `/api/tables/${t.id}`)).seats[0] !== "taken") fail("one click on Leave seat left the seat");
  if (!(await page.isVisible("#leave-ask"))) fail("no question after a click on Leave seat");
  await shot(page, "leave-ask-390.png");
  await page.click("#leave-no");
  if (!(await page.isVisible("#leave")) || (await page.isVisible("#leave-ask"))) fail("Stay does not put the page back");
  await page.click("#leave");
  await page.click("#leave-yes");
  await says(page, "#where", /^spectator$/, "the header once left");
  if ((await api("GET", `/api/tables/${t.id}`)).seats[0] !== "open") fail("the seat is still taken once left");
  await page.context().close();
});

// The page of the seat to move of a new Voyage table at ``viewport``, showing the
// refusal of a move typed wrong.
const refused = async (viewport) => {
  const t = await table("voyage", ["open", "open"]);
  const { to_move: mover, version: from } = await api("GET", `/api/tables/${t.id}`);
  const page = await open(viewport, t, mover);
  await page.goto(`${origin}/#/table/${t.id}`);
  await drawn(page);
  await page.fill("#typed-move", "xyz");
  await page.click("#typed button");
  await page.waitForFunction(() => document.getElementById("refusal").textContent !== "", null, POLL);
  return { t, mover, from, page };
};

check("a refusal goes once the table moves on", async () => {
  const { t, mover, from, page } = await refused(PHONE);
  // The same seat moves from another of its devices: the page's refusal is old news.
  const { legal_moves: legal } = (await api("GET", `/api/tables/${t.id}/view`, undefined, t.tokens[mover])).view.data;
  await api("POST", `/api/tables/${t.id}/moves`, { move: legal[0], version: from }, t.tokens[mover]);
  await moved(page, from);
  const stays = await page.textContent("#refusal");
  if (stays) fail(`the refusal "${stays}" stays once the table moved on`);
  await page.context().close();
});

check("a refusal goes with an outage, and the outage is said in words", async () => {
  const { page } = await refused(DESKTOP);
  // The server stops: the refusal of before is no news; a move says the server cannot
  // be reached, not "Failed to fetch".
  await stop();
  await page.waitForSelector("#live", { state: "visible", ...WAIT });
  await page.waitForTimeout(200);
  const stays = await page.textContent("#refusal");
  if (stays) fail(`the refusal "${stays}" stays through the outage`);
  await page.click("#typed button");
  await page.waitForFunction(() => document.getElementById("refusal").textContent !== "", null, POLL);
  const said = await page.textContent("#refusal");
  results.cases.outage = said;
  if (/failed to fetch/i.test(said) || !/cannot be reached/.test(said)) fail(`during an outage a move says "${said}"`);
  await shot(page, "outage-1280.png");
  await start(port);
  await page.waitForSelector("#live", { state: "hidden", ...WAIT });
  await page.waitForFunction(() => document.getElementById("refusal").textContent === "", null, POLL).catch(() => fail("the outage's words stay once it is over"));
  await page.context().close();
});

check("an unknown table says so, stops asking, and links to the lobby", async () => {
  const page = await open(PHONE);
  const asked = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/tables/doesNotExist")) asked.push(Date.now());
  });
  await page.goto(`${origin}/#/table/doesNotExist`);
  await page.waitForSelector("#missing", { state: "visible", ...WAIT }).catch(() => fail("nothing says the table does not exist"));
  await says(page, "#missing", /no table doesNotExist/, "the unknown table's note");
  if (await page.isVisible("#log")) fail("an unknown table shows an empty table");
  const before = asked.length;
  await page.waitForTimeout(4500); // two polls of the old page
  if (asked.length !== before) fail(`the page asked for the unknown table ${asked.length - before} more times`);
  await shot(page, "unknown-table-390.png");
  await page.click("#missing a");
  await page.waitForSelector("#lobby", { state: "visible", ...WAIT });
  await page.context().close();
});

check("the lobby: the creator sits at the new table, the token is hidden, the rules' inputs follow the schema", async () => {
  const page = await open(PHONE);
  await page.goto(`${origin}/`);
  await page.waitForSelector("#game option[value=ships_wheel]", { state: "attached", ...WAIT });
  await page.fill("#name", "Ann");
  await page.selectOption("#game", "ships_wheel");
  await page.evaluate(() => (document.getElementById("rules-box").open = true));
  const scoring = await page.$eval("[data-rule=scoring]", (n) => [n.tagName, [...n.options].map((o) => o.value)]).catch(() => null);
  if (!scoring || scoring[0] !== "SELECT" || scoring[1].join() !== "cards,hands") fail(`Ship's Wheel's scoring is ${JSON.stringify(scoring)}, not a choice of cards or hands`);
  const bounds = await page.$eval("[data-rule=decks]", (n) => [n.min, n.max]);
  if (bounds.join() !== "1,2") fail(`the decks input is bounded by ${bounds}, not 1 and 2`);
  await page.selectOption("[data-rule=scoring]", "hands");
  await shot(page, "lobby-rules-390.png", { fullPage: true });
  await page.click("#create button[type=submit]");
  await page.waitForFunction(() => /^#\/table\//.test(location.hash), null, WAIT).catch(() => fail("the creator stays in the lobby"));
  const id = await page.evaluate(() => location.hash.split("/")[2]);
  await says(page, "#where", /^you are seat 0, Ann$/, "the creator's header");
  const entry = await api("GET", `/api/tables/${id}`);
  if (entry.names[0] !== "Ann") fail(`the new table seats ${entry.names}`);
  const { rules } = (await api("GET", `/api/tables/${id}/view`)).view.data;
  if (rules.scoring !== "hands") fail(`the table's scoring is ${rules.scoring}`);
  const admin = await page.evaluate((t) => localStorage.getItem(`seaview-admin:${t}`), id);
  const shown = () => page.evaluate((a) => document.body.innerText.includes(a), admin);
  if (await shown()) fail("the admin token is on the screen unasked");
  await page.click("#token-show");
  if (!(await shown())) fail("Show the admin token shows no token");
  await page.click("#token-hide");
  if (await shown()) fail("the admin token stays on the screen once hidden");
  await page.context().close();
});

check("the log says a deal in one line, the tab's title says whose turn and who won, the table is replayed", async () => {
  const t = await table("voyage", ["open", "bot:random"], { rules: { target: 1, hand_size: 4 } });
  const page = await open(DESKTOP, t, 0);
  await page.goto(`${origin}/#/table/${t.id}`);
  await drawn(page);
  for (let tries = 0; ; tries++) {
    if (tries > 200) fail("the game did not end");
    const entry = await api("GET", `/api/tables/${t.id}`);
    if (entry.over) break;
    if (entry.to_move !== 0) {
      await page.waitForTimeout(50);
      continue;
    }
    await page.waitForFunction((v) => Number(document.getElementById("log").dataset.version) >= v, entry.version, POLL);
    const title = await page.title();
    if (!title.startsWith("● Your turn")) fail(`Ann's title on her turn: "${title}"`);
    if (tries === 0) {
      const lines = await page.$$eval("#log li", (nodes) => nodes.map((n) => n.textContent));
      results.cases.dealLines = lines;
      // The deal is one line, "the deal is done; ...", and nothing before it.
      if (!/^the deal is done/.test(lines[0]) || lines.some((l) => /dealt/.test(l))) fail(`the log of the deal: ${lines.join(" | ")}`);
      await shot(page, "log-1280.png", { fullPage: true });
    }
    const { legal_moves: legal } = (await api("GET", `/api/tables/${t.id}/view`, undefined, t.tokens[0])).view.data;
    const card = legal.find((m) => /^[A-Z]\d+$/.test(m)) ?? legal[0];
    await api("POST", `/api/tables/${t.id}/moves`, { move: card, version: entry.version }, t.tokens[0]).catch(() => {});
  }
  const { outcome } = await api("GET", `/api/tables/${t.id}`);
  const winner = outcome.winner === 0 ? "You win!" : "seat 1 wins";
  await page.waitForFunction((w) => document.title.startsWith(w), winner, POLL).catch(async () => fail(`the title at the end: "${await page.title()}", not ${winner}`));
  await shot(page, "end-1280.png", { fullPage: true });
  // The replay: from the end back to the start and a move on, a picture at each step;
  // a spectator on a phone replays it too.
  const { headers } = await fetch(`${origin}/api/tables/${t.id}/replay.svg`).then((r) => ({ headers: r.headers }));
  const moves = Number(headers.get("Record-Moves"));
  if (!(moves > 12)) fail(`the record of a played Voyage round has ${moves} moves`);
  const watcher = await open(PHONE);
  await watcher.goto(`${origin}/#/table/${t.id}`);
  for (const [viewer, name] of [[page, "1280"], [watcher, "390"]]) {
    await viewer.click("#replay-open", WAIT).catch(() => fail(`no Replay button at ${name} px`));
    await says(viewer, "#replay-at", new RegExp(`^move ${moves} of ${moves}$`), "the replay opened");
    const end = await viewer.innerHTML("#replay-picture");
    await viewer.click("[data-replay=first]");
    await says(viewer, "#replay-at", new RegExp(`^move 0 of ${moves}$`), "the replay's start");
    for (let step = 1; step <= 13; step++) {
      await viewer.click("[data-replay=next]");
      await says(viewer, "#replay-at", new RegExp(`^move ${step} of ${moves}$`), `the replay's move ${step}`);
    }
    if ((await viewer.innerHTML("#replay-picture")) === end) fail("the replay's picture after the deal is the end's");
    await viewer.press("[data-replay=next]", "ArrowLeft"); // the keyboard steps it too
    await says(viewer, "#replay-at", new RegExp(`^move 12 of ${moves}$`), "the replay a move back by the keyboard");
    if (await viewer.isVisible("#play")) fail("the live table shows under the replay");
    const scroll = await viewer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (scroll > 0) fail(`the replay scrolls ${scroll} px sideways at ${name} px`);
    await shot(viewer, `replay-${name}.png`, { fullPage: true });
    await viewer.click("#replay-close");
    if (!(await viewer.isVisible("#play"))) fail("the table does not come back once the replay closes");
  }
  await watcher.context().close();
  const alert = await page.isChecked("#alert").catch(() => null);
  if (alert !== false) fail(`the turn alert's box is ${alert}, not there and off`);
  // Turned on, it chimes (no page error) and stays on for the next table the seat opens.
  await page.check("#alert");
  await page.reload();
  await drawn(page);
  if (!(await page.isChecked("#alert"))) fail("the turn alert is off again once the page is reloaded");
  await page.context().close();
});

check("the host enters a real card with one click on it, or by typing its name", async () => {
  const t = await table("voyage", ["open", "open"], { chance: "external" });
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(([id, admin]) => localStorage.setItem(`seaview-admin:${id}`, admin), [t.id, t.admin]);
  const host = await context.newPage();
  host.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  await host.goto(`${origin}/#/table/${t.id}`);
  let clicks = 0;
  for (let dealt = 0; ; dealt++) {
    const entry = await api("GET", `/api/tables/${t.id}`);
    if (entry.to_move !== "chance") break;
    if (dealt > 40) fail("the deal does not end");
    await host.waitForFunction((v) => Number(document.getElementById("log").dataset.version) >= v, entry.version, POLL);
    await host.waitForSelector("#outcomes [data-outcome]", { state: "visible", ...WAIT }).catch(() => fail("the host is offered no card to click"));
    const offered = await host.$$eval("#outcomes [data-outcome]", (nodes) => nodes.map((n) => [n.dataset.outcome, n.textContent]));
    const legal = (await api("GET", `/api/tables/${t.id}/chance`, undefined, t.admin)).outcomes.map((o) => o.move);
    if (JSON.stringify(offered.map(([move]) => move)) !== JSON.stringify(legal)) fail(`the host is offered ${offered}, not ${legal}`);
    if (offered.some(([move, label]) => label !== move.replace(/^deal /, ""))) fail(`the cards' buttons say ${offered.map(([, l]) => l)}`);
    if (dealt === 1) {
      await shot(host, "enter-cards-390.png", { fullPage: true });
      // A card's name typed, in any case: the second card dealt.
      await host.fill("#outcome", offered[3][1].toLowerCase());
      await host.press("#outcome", "Enter");
    } else {
      await host.click(`#outcomes [data-outcome='${offered[dealt % offered.length][0]}']`);
      clicks += 1;
    }
    await moved(host, entry.version);
  }
  results.cases.dealClicks = clicks;
  if (clicks !== 11) fail(`a deal of 12 cards took ${clicks} clicks besides the one typed`);
  await context.close();
});

check("the log reads in words, a line a move, a break after each round; the lobby lists a new table first", async () => {
  // Two bots play a Voyage match of several rounds, and a Ship's Wheel one of hands of
  // three (random play ends those in tens of moves); a spectator on a phone reads the log.
  for (const [game, rules, word] of [
    ["voyage", { target: 10, hand_size: 3 }, /\bgoes out\b/],
    ["ships_wheel", { scoring: "hands", target: 2, max_hand_size: 3 }, /\bwins the hand\b|\bthe hand is a tie\b/],
  ]) {
    const t = await table(game, ["bot:random", "bot:random"], { rules });
    for (let tries = 0; !(await api("GET", `/api/tables/${t.id}`)).over; tries++) {
      if (tries > 600) fail(`${game}: the bots' match does not end`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const page = await open(PHONE);
    await page.goto(`${origin}/#/table/${t.id}`);
    await page.waitForSelector("#banner", { state: "visible", ...WAIT });
    const lines = await page.$$eval("#log li", (nodes) => nodes.map((n) => [n.textContent, n.className]));
    const texts = lines.map(([line]) => line);
    results.cases[`${game} log`] = texts.slice(0, 12);
    const coded = texts.filter((line) => /\b[RGB]\d+\b|\w-\w/.test(line));
    if (coded.length) fail(`${game}: the log says codes: ${coded.slice(0, 3).join(" | ")}`);
    const twice = texts.filter((line) => /\bmust draw\b|\bchooses? to draw\b|\bdealt\b/.test(line));
    if (twice.length) fail(`${game}: the log says a draw or a deal card by card: ${twice.slice(0, 3).join(" | ")}`);
    const { moves } = (await api("GET", `/api/tables/${t.id}/record`)).data;
    if (!(texts.length < moves.length)) fail(`${game}: ${texts.length} lines for ${moves.length} moves`);
    const ends = texts.flatMap((line, at) => (word.test(line) ? [at] : []));
    if (ends.length < 2) fail(`${game}: the match of ${ends.length} rounds is too short to see a break`);
    for (const at of ends.slice(0, -1)) {
      if (lines[at + 1][1] !== "round") fail(`${game}: no break after "${texts[at]}"`);
    }
    if (lines.filter(([, kind]) => kind === "round").length !== ends.length - 1) fail(`${game}: a break where no round ended`);
    await shot(page, `log-${game}-390.png`, { fullPage: true });
    await page.context().close();
  }
  // Two tables with their seats open, the newer made last: it heads the lobby.
  const older = { id: (await api("POST", "/api/tables", { game: "voyage", seats: ["open", "open"] })).table };
  const newer = { id: (await api("POST", "/api/tables", { game: "voyage", seats: ["open", "open"] })).table };
  const lobby = await open(PHONE);
  await lobby.goto(`${origin}/`);
  await lobby.waitForSelector(`#tables tr:has([aria-label='watch table ${newer.id}'])`, WAIT);
  const order = await lobby.$$eval("#tables tr [aria-label^='watch table ']", (nodes) => nodes.map((n) => n.getAttribute("aria-label").split(" ")[2]));
  if (order[0] !== newer.id || !order.includes(older.id)) fail(`the lobby lists ${order.slice(0, 4)}, not the newest table ${newer.id} first`);
  const { title } = (await api("GET", "/api/games")).games.find((g) => g.name === "voyage");
  const named = await lobby.$eval(`#tables tr:has([aria-label='watch table ${newer.id}']) [data-label=game]`, (n) => n.textContent);
  if (named !== title) fail(`the lobby names the game "${named}", not "${title}"`);
  await lobby.context().close();
});

check("who is at the table, there and in the lobby: a player who closes the page shows as away", async () => {
  const t = await table("voyage", ["open", "open"]);
  const ann = await open(DESKTOP, t, 0);
  const bob = await open(PHONE, t, 1);
  await ann.goto(`${origin}/#/table/${t.id}`);
  await bob.goto(`${origin}/#/table/${t.id}`);
  await Promise.all([drawn(ann), drawn(bob)]);
  await says(ann, "#presence", /you ● here · Bob ● here/, "Ann's page with both players at the table");
  await says(bob, "#presence", /Ann ● here · you ● here/, "Bob's page with both players at the table");
  if (!(await api("GET", `/api/tables/${t.id}`)).connected.every(Boolean)) fail("the table's entry does not say both are connected");
  await shot(bob, "presence-390.png");
  const lobby = await open(PHONE);
  await lobby.goto(`${origin}/`);
  const row = `#tables tr:has([aria-label='watch table ${t.id}'])`;
  await says(lobby, row, /0: Ann ● here.*1: Bob ● here/, "the lobby's row with both players at the table");
  await bob.context().close();
  await says(ann, "#presence", /you ● here · Bob ○ away/, "Ann's page once Bob closed his");
  await says(lobby, row, /0: Ann ● here.*1: Bob ○ away/, "the lobby's row once Bob closed his page");
  await shot(lobby, "lobby-presence-390.png", { fullPage: true });
  await lobby.context().close();
  const { connected } = await api("GET", `/api/tables/${t.id}`);
  if (JSON.stringify(connected) !== "[true,false]") fail(`the table's entry says ${JSON.stringify(connected)} once Bob left`);
  await ann.context().close();
});

// A whole game of each game on a phone, against a bot, by clicks in the picture (and
// the spin button): the picture never scrolls sideways, nor the page.
const clickIn = async (page, link) => {
  await link.scrollIntoViewIfNeeded(WAIT);
  const point = await link.evaluate((a) => {
    const box = a.getBoundingClientRect();
    for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
      for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
        const [x, y] = [box.left + box.width * fx, box.top + box.height * fy];
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest("a") === a) return { x, y };
      }
    }
    return null;
  });
  if (!point) fail(`no visible point of the move ${await link.getAttribute("xlink:href")}`);
  await page.mouse.click(point.x, point.y);
};
for (const [game, rules, chance] of [
  ["voyage", { target: 1 }, "auto"],
  ["ships_wheel", { target: 1 }, "auto"],
  ["leagues", {}, "step"],
]) {
  check(`a whole ${game} game at 390 px, the picture never wider than the screen`, async () => {
    const t = await table(game, ["open", "bot:random"], { rules, chance });
    const page = await open(PHONE, t, 0);
    await page.goto(`${origin}/#/table/${t.id}`);
    let clicks = 0;
    let widest = 0;
    for (;;) {
      const entry = await api("GET", `/api/tables/${t.id}`);
      if (entry.over) break;
      await page.waitForFunction((v) => Number(document.getElementById("log").dataset.version) >= v, entry.version, POLL);
      const { view, chance_seat: spinner } = await api("GET", `/api/tables/${t.id}/view`, undefined, t.tokens[0]);
      const mine = view.data.to_move !== null && (view.data.legal_moves.length > 0 || (view.data.to_move === "chance" && spinner === 0));
      if (!mine) {
        await page.waitForTimeout(30);
        continue;
      }
      if (++clicks > 600) fail(`no end after ${clicks} clicks`);
      const sizes = await page.evaluate(() => {
        const box = document.getElementById("picture");
        const svg = box.querySelector("svg");
        return { box: box.clientWidth, scroll: box.scrollWidth, svg: svg ? svg.getBoundingClientRect().width : 0, page: document.documentElement.scrollWidth };
      });
      widest = Math.max(widest, sizes.svg);
      if (sizes.scroll > sizes.box || sizes.page > PHONE.width) fail(`${game} at ${clicks} clicks: the picture is ${sizes.scroll} px in a ${sizes.box} px box, the page ${sizes.page} px`);
      if (clicks === 3) await shot(page, `${game}-390.png`, { fullPage: true });
      const links = page.locator("#picture a");
      if (view.data.legal_moves.length) {
        const count = await links.count();
        if (!count) fail(`${game}: moves ${view.data.legal_moves} but no link in the picture`);
        await clickIn(page, links.nth(clicks % count));
      } else await page.click("[data-step]");
      await moved(page, entry.version);
    }
    await page.waitForSelector("#banner", { state: "visible", ...WAIT });
    await shot(page, `${game}-end-390.png`, { fullPage: true });
    results.cases[`${game} clicks at 390 px`] = { clicks, widestPicture: Math.round(widest) };
    await page.context().close();
  });
}

try {
  for (const [name, body] of cases) {
    const began = Date.now();
    try {
      await body();
      results.cases[name] = `ok ${((Date.now() - began) / 1000).toFixed(1)} s`;
    } catch (error) {
      results.cases[name] = `FAILED: ${error.message}`;
      console.error(`FAILED ${name}: ${error.message}`);
      if (server.ended) await start(port).catch(() => {});
    }
  }
  if (errors.length) results.cases.errors = errors;
  await writeFile(join(out, "page.json"), JSON.stringify(results, null, 1));
  const failed = Object.entries(results.cases).filter(([, said]) => typeof said === "string" && said.startsWith("FAILED"));
  console.log(`page cases: ${cases.length - failed.length} of ${cases.length} pass${errors.length ? `; ${errors.length} page errors` : ""}`);
  if (failed.length || errors.length) process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await browser.close();
  server.kill();
}
