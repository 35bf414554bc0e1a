// The client page of `seaview serve` in headless Chromium, played as a player would:
// start a real server on 127.0.0.1; from the lobby page, each player with a name, create
// a Voyage table (two open seats, a target of the rules' inputs), a 20,000 Leagues table
// (two open seats, chance "step") and a Ship's Wheel table (two open seats, chance
// "external": the page that made it is its admin and enters the real cards); join each
// seat from a page of its own and watch each table from another; then play Voyage and
// Leagues to their end at once, by clicking the cards and buttons *in the picture*
// (Voyage) and the spin button (Leagues), and a Ship's Wheel hand up to an Anchor pass.
// Seat 1 of Voyage and the Leagues spectator are phones (390 px wide), the other pages
// desktops (1280 px).
//
// Checked on the way: a rule the server refuses shows its reason in the lobby; the lobby
// names who sits where and whose turn it is, refreshes itself and redraws only on a 200;
// the header, status and log name the players ("you" stays "you"); the spectator's
// picture names no card that is in a hand; every page shows the moves its seat has, in
// the picture and in the button row, labelled in the picture's words; a second tab of a
// player's browser plays the same seat; the spin button is shown to the seat whose spin
// it is and to nobody else, and never on a table whose chance is "auto"; on an external
// table every page says it waits for the real card and the admin's page enters it from
// the legal outcomes (a button a card, or its name typed); the typed move is offered only to a seat with moves; the tab title
// says when it is the seat's turn; a refusal shows the reason, no rule ID, and goes away
// with the next update; with the server stopped the pages say they are reconnecting, a
// move fails, and once it is back (restarted on its database) the pages catch up and the
// error goes; the winner's banner with every seat's score; a rematch that every page at
// the table follows, each player in the same seat with the same token; leaving a seat
// (every tab of the browser then watches) and the admin freeing one; no request fails
// with a 404 (the favicon); no page scrolls sideways at 390 px and no picture is shrunk
// below nine tenths of its size.
//
//     CHROMIUM=/usr/bin/chromium PYTHON=.venv/bin/python node web/tests/server.mjs OUT
//
// Writes OUT/server.json (clicks, page weight, screenshots' names) and screenshots to
// OUT and to /tmp/page_shots/ (SHOTS=folder to change it).
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { Serving } from "./serving.mjs";

const [out] = process.argv.slice(2);
if (!out) throw new Error("usage: node web/tests/server.mjs OUT");
const shots = process.env.SHOTS ?? "/tmp/page_shots";
await mkdir(out, { recursive: true });
await mkdir(shots, { recursive: true });
const CHROMIUM_FLAGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const MAX_CLICKS = 3000;
const WAIT = { timeout: 15000 };
const POLL = { ...WAIT, polling: 10 }; // waits on the page: a short interval, not animation frames
const DEADLINE = 180_000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const fail = (message) => {
  throw new Error(message);
};
const watchdog = setTimeout(() => {
  console.error(`server page test: not done after ${DEADLINE / 1000} s (${results.seconds.at(-1) ?? "nothing done"})`);
  server.kill();
  process.exit(2);
}, DEADLINE);

const db = join(await mkdtemp(join(tmpdir(), "seaview-server-")), "tables.sqlite");
const server = new Serving(db, 5);
const start = (port) => server.start(port);
const stop = () => server.stop();
const origin = await start(0);
const port = Number(new URL(origin).port);

const api = async (path, token, body) => {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const init = body ? { method: "POST", body: JSON.stringify(body), headers: { ...headers, "Content-Type": "application/json" } } : { headers };
  const response = await fetch(origin + path, { ...init, signal: AbortSignal.timeout(WAIT.timeout) }).catch((error) =>
    fail(`${path}: ${error.message}`),
  );
  if (!response.ok) fail(`${path}: ${response.status}`);
  return response.json();
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
});
const began = Date.now();
const mark = (what) => {
  results.seconds.push(`${what} ${((Date.now() - began) / 1000).toFixed(1)}`);
  if (process.env.VERBOSE) console.error(results.seconds.at(-1));
};
const results = { seconds: [], clicks: { voyage: 0, leagues: 0 }, keyboard: 0, weight: 0, offsite: [], missing: [], screenshots: [] };
const weights = new Map();
const errors = [];
const shot = async (page, name, options = {}) => {
  for (const folder of [out, shots]) await page.screenshot({ path: join(folder, name), ...options });
  results.screenshots.push(name);
};
try {
  // A page in a browser of its own, or another tab of the browser of ``tab``.
  const open = async (viewport = DESKTOP, tab = null) => {
    const context = tab ? tab.context() : await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith("ws://127.0.0.1") && !url.startsWith("data:")) {
        results.offsite.push(url);
      }
    });
    page.on("response", async (response) => {
      const url = response.url();
      if (response.status() === 404) results.missing.push(url);
      if ((url.startsWith(`${origin}/static/`) || url === `${origin}/`) && response.ok()) {
        weights.set(url, (await response.body()).length);
      }
    });
    page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      // The page's last clicks, said when a click does not play (a diagnosis).
      window.__clicks = [];
      document.addEventListener("click", (e) => {
        const a = e.target.closest && e.target.closest("a");
        window.__clicks.push(`${e.clientX},${e.clientY} ${e.target.tagName} ${a && (a.getAttribute("href") || a.getAttribute("xlink:href"))} prevented=${e.defaultPrevented}`);
      }, true);
    });
    return page;
  };
  const version_ = (page) => page.evaluate(() => document.getElementById("log").dataset.version);
  const drawn = (page, wanted) =>
    page.waitForFunction((v) => document.getElementById("log").dataset.version === String(v), wanted, POLL);
  const moved = (page, from) =>
    page.waitForFunction((v) => document.getElementById("log").dataset.version !== String(v), from, POLL);
  const pictureMoves = (page) =>
    page.$$eval("#picture a", (nodes) =>
      nodes.map((n) => decodeURIComponent((n.getAttribute("href") || n.getAttribute("xlink:href")).replace(/^#move=/, ""))),
    );
  const clickIn = async (page, link) => {
    // Click a visible point of the link, as a player does: the middle of its box may
    // be another card's, or the table's.
    await link.scrollIntoViewIfNeeded(WAIT);
    const point = await link.evaluate((a) => {
      const box = a.getBoundingClientRect();
      for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
        for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85, 0.05, 0.95]) {
          const x = box.left + box.width * fx;
          const y = box.top + box.height * fy;
          const hit = document.elementFromPoint(x, y);
          if (hit && hit.closest("a") === a) return { x, y };
        }
      }
      return null;
    });
    if (!point) fail(`no visible point of the move ${await link.getAttribute("xlink:href")} in the picture`);
    await page.mouse.click(point.x, point.y);
  };
  const fits = async (page, what) => {
    // Nothing scrolls sideways, and no picture is shrunk past nine tenths of its size.
    const { scroll, inner, scale } = await page.evaluate(() => {
      const svg = document.querySelector("#picture svg");
      const scale = svg && !svg.closest("[hidden]") ? svg.getBoundingClientRect().width / Number(svg.getAttribute("width")) : 1;
      return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, scale };
    });
    if (scroll > inner) fail(`${what}: the page is ${scroll} px wide in a ${inner} px window`);
    if (scale < 0.89) fail(`${what}: the picture is drawn at ${scale.toFixed(2)} of its size`);
  };
  const createTable = async (page, game, { chance = "", rules = {} } = {}) => {
    await page.selectOption("#game", game);
    await page.uncheck("#sit"); // the players join from pages of their own
    await page.selectOption("#chance", chance);
    await page.selectOption("#seat-kinds label:nth-child(2) select", "open");
    if (Object.keys(rules).length) await page.evaluate(() => (document.getElementById("rules-box").open = true));
    for (const [key, value] of Object.entries(rules)) await page.fill(`[data-rule=${key}]`, String(value));
    const before = await page.$$eval("[data-join]", (nodes) => nodes.map((n) => n.dataset.join));
    await page.click("#create button[type=submit]");
    await page.waitForFunction(
      (old) => [...document.querySelectorAll("[data-join$='/0']")].some((n) => !old.includes(n.dataset.join)),
      before,
      WAIT,
    );
    const now = await page.$$eval("[data-join$='/0']", (nodes) => nodes.map((n) => n.dataset.join));
    return now.find((j) => !before.includes(j)).split("/")[0];
  };
  const joinAs = async (page, name, target) => {
    await page.fill("#name", name);
    await page.click(`[data-join='${target}']`);
    await page.waitForFunction((t) => location.hash === `#/table/${t}`, target.split("/")[0], WAIT);
  };
  const says = async (page, selector, wanted, what) => {
    // The text of ``selector`` becomes ``wanted`` (a string, or a pattern) soon.
    const ok = await page
      .waitForFunction(
        ([sel, want, pattern]) => {
          const node = document.querySelector(sel);
          if (!node) return false;
          return pattern ? new RegExp(want).test(node.textContent) : node.textContent === want;
        },
        [selector, String(wanted instanceof RegExp ? wanted.source : wanted), wanted instanceof RegExp],
        POLL,
      )
      .then(() => true, () => false);
    if (!ok) fail(`${what}: "${await page.$eval(selector, (n) => n.textContent).catch(() => "(none)")}", not ${wanted}`);
  };
  const clickMove = async (page, move) => {
    // A click on the move's link in the picture.
    const offered = await pictureMoves(page);
    const at = offered.indexOf(move);
    if (at < 0) fail(`the picture offers ${offered}, not ${move}`);
    await clickIn(page, page.locator("#picture a").nth(at));
  };
  const wordsDiffer = (page) =>
    // The moves of the button row whose picture link's title says them in words (a card
    // "R7 (red 7)") but which the button still names by notation only.
    page.evaluate(() => {
      const titles = new Map();
      for (const a of document.querySelectorAll("#picture a")) {
        const move = decodeURIComponent(a.getAttribute("xlink:href").replace(/^#move=/, ""));
        const title = a.querySelector("title");
        if (title && title.textContent.startsWith(`${move} `)) titles.set(move, title.textContent);
      }
      return [...document.querySelectorAll("#moves a.move")]
        .filter((a) => titles.has(a.dataset.move) && a.textContent !== titles.get(a.dataset.move))
        .map((a) => `${a.dataset.move} shown as "${a.textContent}"`);
    });

  // The lobby: a second page shows it first, and must see the new tables by itself.
  const first = await open();
  const second = await open(PHONE);
  await second.goto(`${origin}/`);
  await second.waitForSelector("#game option[value=voyage]", { state: "attached" });
  await first.goto(`${origin}/`);
  await first.waitForSelector("#game option[value=voyage]", { state: "attached" });
  const icon = await first.evaluate(async () => {
    const link = document.querySelector("link[rel~=icon]");
    return link ? (await fetch(link.href)).status : "none";
  });
  if (icon !== 200) fail(`the page's icon: ${icon}`);
  // The rules' inputs come from the game's default rules; a value the server refuses
  // shows its reason.
  await first.selectOption("#game", "voyage");
  await first.evaluate(() => (document.getElementById("rules-box").open = true));
  // The bounds of the rules' schema are the inputs' (the browser says a value out of
  // them is wrong); a value within them that the rules refuse shows the server's reason.
  const bound = await first.$eval("[data-rule=target]", (n) => n.min).catch(() => fail("no input for Voyage's target in the rules"));
  if (bound !== "1") fail(`Voyage's target input has the minimum "${bound}", not the schema's 1`);
  await first.uncheck("#sit");
  await first.fill("[data-rule=hand_size]", "30");
  await first.click("#create button[type=submit]");
  await says(first, "#lobby-note", /hand_size.*39 cards/, "hands of 30 refused");
  await first.fill("[data-rule=hand_size]", "6");
  await shot(first, "lobby-rules-1280.png", { fullPage: true });
  const voyage = await createTable(first, "voyage", { rules: { target: 1, hand_size: 4 } });
  const { rules } = (await api(`/api/tables/${voyage}/view`)).view.data;
  if (rules.target !== 1 || rules.hand_size !== 4 || rules.players !== 2) fail(`the table was made with the rules ${JSON.stringify(rules)}`);
  const leagues = await createTable(first, "leagues");
  const wheel = await createTable(first, "ships_wheel", { chance: "external" });
  await second.waitForSelector(`[data-join='${voyage}/1']`, WAIT).catch(() => fail("the lobby does not refresh itself"));
  await second.waitForSelector(`[data-join='${leagues}/1']`, WAIT).catch(() => fail("the lobby does not refresh itself"));
  await fits(second, "the lobby at 390 px");
  if (!(await second.isVisible(`a[href='#/table/${voyage}']`))) fail("the lobby at 390 px hides the watch link");
  await shot(second, "lobby-390.png", { fullPage: true });

  mark("tables made");
  // Players join by name; a lobby open elsewhere names them, and whose turn it is.
  const seat0 = await open();
  await seat0.goto(`${origin}/`);
  const seat1 = await open();
  await seat1.goto(`${origin}/`);
  await joinAs(first, "Ann", `${voyage}/0`);
  await joinAs(second, "Bob", `${voyage}/1`);
  const row = `#tables tr:has([aria-label='watch table ${voyage}'])`;
  await says(seat0, row, /0: Ann.*1: Bob.*(Ann|Bob) to move/, "the lobby's row of the Voyage table");
  await shot(seat0, "lobby-1280.png", { fullPage: true });
  // Unchanged, the lobby is not redrawn: the server answers 304 and the rows stay.
  await seat0.evaluate((r) => (document.querySelector(r).dataset.mark = "kept"), row);
  await seat0
    .waitForResponse((r) => r.url() === `${origin}/api/tables` && r.status() === 304, WAIT)
    .catch(() => fail("the lobby is read again without If-None-Match"));
  await seat0.waitForTimeout(100);
  if (!(await seat0.$(`${row}[data-mark=kept]`))) fail("the lobby was redrawn though nothing changed");
  await joinAs(seat0, "Cy", `${leagues}/0`);
  await joinAs(seat1, "Di", `${leagues}/1`);
  const sw0 = await open();
  await sw0.goto(`${origin}/`);
  await joinAs(sw0, "Eve", `${wheel}/0`);
  const sw1 = await open(PHONE);
  await sw1.goto(`${origin}/`);
  await joinAs(sw1, "Fay", `${wheel}/1`);
  // A second tab of Bob's browser plays Bob's seat.
  const bob2 = await open(PHONE, second);
  await bob2.goto(`${origin}/#/table/${voyage}`);
  const watcher = await open();
  await watcher.goto(`${origin}/#/table/${voyage}`);
  const leaguesWatcher = await open(PHONE);
  await leaguesWatcher.goto(`${origin}/#/table/${leagues}`);
  const wheelWatcher = await open();
  await wheelWatcher.goto(`${origin}/#/table/${wheel}`);
  const wheelAdmin = await open(DESKTOP, first); // a tab of the browser that made the table
  await wheelAdmin.goto(`${origin}/#/table/${wheel}`);
  await says(first, "#where", "you are seat 0, Ann", "Ann's header");
  await says(bob2, "#where", "you are seat 1, Bob", "the header of Bob's second tab");
  await says(watcher, "#where", "spectator", "the spectator's header");
  await says(wheelAdmin, "#where", "admin", "the admin's header");

  mark("pages open");
  const tokenOf = (page, table) => page.evaluate((t) => JSON.parse(localStorage.getItem(`seaview:${t}`)).token, table);
  const games = {
    voyage: { table: voyage, pages: [first, second], twin: bob2, watcher, tokens: [], names: ["Ann", "Bob"] },
    leagues: { table: leagues, pages: [seat0, seat1], watcher: leaguesWatcher, tokens: [], names: ["Cy", "Di"] },
    wheel: { table: wheel, pages: [sw0, sw1], watcher: wheelWatcher, admin: wheelAdmin, tokens: [], names: ["Eve", "Fay"] },
  };
  for (const game of Object.values(games)) {
    game.tokens = await Promise.all(game.pages.map((page) => tokenOf(page, game.table)));
  }
  const adminToken = await first.evaluate((t) => localStorage.getItem(`seaview-admin:${t}`), wheel);
  if (!adminToken) fail("the page that made the table keeps no admin token");
  if ((await tokenOf(bob2, voyage)) !== games.voyage.tokens[1]) fail("Bob's second tab holds another token");
  const settled = async (game, wanted) => {
    const all = [...game.pages, game.watcher, ...(game.twin ? [game.twin] : []), ...(game.admin ? [game.admin] : [])];
    await Promise.all(all.map((page) => drawn(page, wanted)));
  };

  // The server stops: every page says it is reconnecting, and a move fails; it comes
  // back on its database, and the pages catch up and drop the error.
  {
    const { table, pages } = games.voyage;
    const summary = await api(`/api/tables/${table}`);
    await settled(games.voyage, summary.version);
    const all = [...pages, watcher, seat0, seat1, leaguesWatcher];
    await stop();
    for (const page of all) {
      await page.waitForSelector("#live", { state: "visible", ...WAIT }).catch(() => fail("no page says it lost the server"));
    }
    const mover = pages[summary.to_move];
    await clickIn(mover, mover.locator("#picture a").first());
    await mover.waitForFunction(() => document.getElementById("refusal").textContent !== "", null, WAIT);
    await shot(mover, "reconnecting.png");
    await start(port);
    for (const page of all) {
      await page.waitForSelector("#live", { state: "hidden", ...WAIT }).catch(() => fail("a page still says it is reconnecting"));
    }
    await mover.waitForFunction(() => document.getElementById("refusal").textContent === "", null, WAIT)
      .catch(async () => fail(`the error stays once the server is back: ${await mover.textContent("#refusal")}`));
  }

  mark("server back");
  const playVoyage = async () => {
    const { table, pages, tokens, twin, names } = games.voyage;
    let version = -1;
    let inWords = 0; // versions whose button row said a card in words
    for (;;) {
      const summary = await api(`/api/tables/${table}`);
      if (summary.version !== version) {
        version = summary.version;
        await settled(games.voyage, version);
        // The spectator's page names no card that is in a hand.
        const views = await Promise.all(tokens.map((t) => api(`/api/tables/${table}/view`, t)));
        const shown = await watcher.evaluate(() => document.getElementById("picture").innerHTML);
        for (const card of views.flatMap((v) => v.view.data.hand)) {
          if (new RegExp(`\\b${card}\\b`).test(shown)) fail(`the spectator's page shows ${card}, in a hand`);
        }
        await Promise.all([...pages, twin].map(async (page, at) => {
          const seat = at < pages.length ? at : 1;
          const expected = views[seat].view.data.legal_moves;
          const links = await page.$$eval("#moves a.move", (nodes) => nodes.map((n) => n.dataset.move));
          if (JSON.stringify(links) !== JSON.stringify(expected)) fail(`seat ${seat} shows ${links}, not ${expected}`);
          const drawnMoves = (await pictureMoves(page)).sort();
          if (JSON.stringify(drawnMoves) !== JSON.stringify([...expected].sort())) {
            fail(`seat ${seat}'s picture offers ${drawnMoves}, not ${expected}`);
          }
          if (await page.isVisible("#typed") !== expected.length > 0) fail(`seat ${seat} is offered to type with moves ${expected}`);
          const title = await page.title();
          if (title.startsWith("● Your turn") !== (summary.to_move === seat)) fail(`seat ${seat}'s title "${title}" at ${summary.to_move}`);
          const unsaid = await wordsDiffer(page);
          if (unsaid.length) fail(`seat ${seat}'s buttons: ${unsaid}`);
          if (expected.length && (await page.textContent("#moves a.move")) !== expected[0]) inWords += 1;
        }));
        const status = await watcher.textContent("#status");
        if (typeof summary.to_move === "number" && status !== `${names[summary.to_move]} is to move.`) {
          fail(`the spectator's status says "${status}" when ${names[summary.to_move]} is to move`);
        }
        for (const page of [...pages, watcher]) {
          if (await page.$("[data-step]")) fail("a spin / deal button on a table whose chance is auto");
        }
        if (await watcher.isVisible("#typed")) fail("the spectator is offered to type a move");
        if ((await watcher.$$("#picture a")).length) fail("the spectator is offered moves");
      }
      if (summary.over) break;
      const seat = summary.to_move;
      if (typeof seat !== "number") fail(`unexpected to_move ${seat}`);
      const clicks = ++results.clicks.voyage;
      if (clicks % 20 === 0) mark(`voyage click ${clicks}`);
      if (clicks > MAX_CLICKS) fail(`no end after ${MAX_CLICKS} clicks`);
      // Bob plays from either tab: every other move of his from the second.
      const page = seat === 1 && (results.bobMoves = (results.bobMoves ?? 0) + 1) % 2 === 0 ? twin : pages[seat];
      if (clicks === 3) {
        // A refusal in the rule's words, gone once the table moves on (here by a move
        // the seat sends from elsewhere, which the page learns from the live channel).
        await page.fill("#typed-move", "xyz");
        await page.click("#typed button");
        await page.waitForFunction(() => document.getElementById("refusal").textContent !== "", null, WAIT);
        const said = await page.textContent("#refusal");
        if (/^[A-Z]+(-[A-Z0-9]+)+:/.test(said) || !said) fail(`"xyz" refused as "${said}": a rule ID, or nothing, shown to a player`);
        results.refusals = [said];
        // A card the seat does not hold: the reason names the seat by its player's name.
        const { hand } = (await api(`/api/tables/${table}/view`, tokens[seat])).view.data;
        const absent = ["R", "G", "B"].flatMap((c) => [...Array(13).keys()].map((n) => `${c}${n + 1}`)).find((card) => !hand.includes(card));
        await page.fill("#typed-move", absent);
        await page.click("#typed button");
        await page.waitForFunction((old) => !["", old].includes(document.getElementById("refusal").textContent), said, WAIT);
        const named = await page.textContent("#refusal");
        if (/\bseat \d/.test(named) || !named.includes(names[seat])) fail(`${absent} refused as "${named}", not in ${names[seat]}'s name`);
        results.refusals.push(named);
        const { legal_moves: legal } = (await api(`/api/tables/${table}/view`, tokens[seat])).view.data;
        await api(`/api/tables/${table}/moves`, tokens[seat], { move: legal[0], version });
        await moved(page, version);
        if (await page.textContent("#refusal")) fail(`the refusal stays after the table moved on: ${await page.textContent("#refusal")}`);
        continue;
      }
      // Play a card when there is one (rounds end sooner than by drawing and keeping).
      const offered = await pictureMoves(page);
      if (!offered.length) fail(`seat ${seat}'s picture offers no move`);
      const cards = offered.map((move, k) => [move, k]).filter(([move]) => /^[A-Z]\d+$/.test(move));
      const choices = cards.length ? cards.map(([, k]) => k) : offered.map((_, k) => k);
      const link = page.locator("#picture a").nth(choices[clicks % choices.length]);
      if (clicks % 7 === 5) {
        await link.focus(); // the keyboard: Enter on a card of the picture
        await page.keyboard.press("Enter");
        results.keyboard += 1;
      } else await clickIn(page, link);
      await moved(page, version).catch(async () => {
        const how = clicks % 7 === 5 ? "Enter" : "a click";
        const now = (await api(`/api/tables/${table}`)).version;
        await shot(page, "failed-click.png");
        console.error("last clicks:", await page.evaluate(() => window.__clicks.slice(-3)));
        fail(`seat ${seat}'s ${how} on ${await link.getAttribute("xlink:href")} did not play (page at ${page.url()}, drawn ${await version_(page)}, table ${version} then ${now}, refusal "${await page.textContent("#refusal")}")`);
      });
      if (!page.url().endsWith(`#/table/${table}`)) fail(`a click took seat ${seat} to ${page.url()}`);
      if (clicks % 7 === 5) {
        // A keyboard player goes on from where the move was made, not from the page's top.
        const kept = await page.evaluate(() => ["picture", "moves", "status"].some((id) => document.getElementById(id).contains(document.activeElement)));
        if (!kept) fail(`after a move by keyboard the focus is on ${await page.evaluate(() => document.activeElement.tagName)}`);
      }
      if (page === twin) results.twinClicks = (results.twinClicks ?? 0) + 1;
      if (clicks === 4) {
        await fits(second, "a Voyage seat at 390 px");
        await shot(first, "voyage-seat0-1280.png", { fullPage: true });
        await shot(second, "voyage-seat1-390.png", { fullPage: true });
        await shot(watcher, "voyage-spectator-1280.png", { fullPage: true });
      }
    }
    if (!inWords) fail("no button row said a card in the picture's words");
    if (!results.twinClicks) fail("Bob's second tab never played");
    mark("voyage over");
  };

  const playLeagues = async () => {
    const { table, pages, tokens, names } = games.leagues;
    for (;;) {
      const summary = await api(`/api/tables/${table}`);
      const version = summary.version;
      await settled(games.leagues, version);
      const { chance_seat: spinner } = await api(`/api/tables/${table}/view`, tokens[0]);
      for (const [seat, page] of pages.entries()) {
        const buttons = await page.$$("[data-step]");
        if (buttons.length !== (seat === spinner && !summary.over ? 1 : 0)) {
          fail(`leagues seat ${seat} has ${buttons.length} spin buttons; the spin is seat ${spinner}'s`);
        }
        if (await page.isVisible("#typed")) fail(`leagues seat ${seat} is offered to type a move`);
        const title = await page.title();
        if (title.startsWith("● Your turn") !== (seat === spinner && !summary.over)) fail(`leagues seat ${seat}'s title "${title}"`);
      }
      if (await leaguesWatcher.$("[data-step]")) fail("the leagues spectator has a spin button");
      const status = await leaguesWatcher.textContent("#status");
      if (!summary.over && status !== `${names[spinner]} spins.`) fail(`the leagues spectator reads "${status}" when ${names[spinner]} spins`);
      if (await leaguesWatcher.isVisible("#typed")) fail("the leagues spectator is offered to type a move");
      if (summary.over) {
        mark("leagues over");
        break;
      }
      if (++results.clicks.leagues > MAX_CLICKS) fail(`leagues: no end after ${MAX_CLICKS} spins`);
      if (typeof spinner !== "number") fail(`leagues: no seat to spin at ${version}`);
      await pages[spinner].click("[data-step]", WAIT);
      await moved(pages[spinner], version);
      if (results.clicks.leagues === 6) {
        await fits(leaguesWatcher, "the leagues spectator at 390 px");
        await shot(leaguesWatcher, "leagues-spectator-390.png", { fullPage: true });
        await shot(pages[spinner], "leagues-seat-1280.png", { fullPage: true });
      }
    }
  };

  // A Ship's Wheel hand on a table whose chance is external: every page says it waits
  // for the real card, and the admin's page enters it from the legal outcomes. No hand
  // wins before the pass (Eve's cards are all red, Fay's share a shape); the pass, where
  // each passes the first card of her hand, gives Fay green-star, blue-heart and
  // red-circle, which match in nothing: she wins the hand (SW-R6).
  const playWheel = async () => {
    const { table, pages, tokens, admin, watcher: spectator, names } = games.wheel;
    const now = async () => {
      const { version } = await api(`/api/tables/${table}`);
      await settled(games.wheel, version);
      return version;
    };
    const enter = async (card) => {
      const version = await now();
      for (const page of [...pages, spectator, admin]) {
        const status = await page.textContent("#status");
        const wanted = page === admin ? "Enter the real card or spin." : "Waiting for the real card or spin to be entered.";
        if (status !== wanted) fail(`a Ship's Wheel page says "${status}" while the table waits for a card`);
      }
      for (const page of [...pages, spectator]) if (await page.isVisible("#enter")) fail("a page without the admin token is offered to enter cards");
      await admin.waitForSelector("#enter", { state: "visible", ...WAIT }).catch(() => fail("the admin is not offered the real cards"));
      const offered = await admin.$$eval("#outcomes [data-outcome]", (nodes) => nodes.map((n) => n.dataset.outcome));
      const legal = (await api(`/api/tables/${table}/chance`, adminToken)).outcomes.map((o) => o.move);
      if (JSON.stringify(offered) !== JSON.stringify(legal)) fail(`the admin is offered ${offered}, not ${legal}`);
      // One click on the card's button; or its name typed (every other card).
      if ((results.entered = (results.entered ?? 0) + 1) % 2) await admin.click(`#outcomes [data-outcome='deal ${card}']`);
      else {
        await admin.fill("#outcome", card);
        await admin.press("#outcome", "Enter");
      }
      await moved(admin, version);
    };
    const play = async (seat, move) => {
      const version = await now();
      await says(pages[seat], "#status", "Your move.", `Ship's Wheel seat ${seat}`);
      await says(spectator, "#status", `${names[seat]} is to move.`, "the Ship's Wheel spectator");
      await clickMove(pages[seat], move);
      await moved(pages[seat], version);
    };
    await play(0, "size 3"); // the dealer, seat 0
    for (const card of ["anchor", "red-circle", "red-star", "red-triangle", "green-star", "red-diamond"]) await enter(card);
    const hand = (await api(`/api/tables/${table}/view`, tokens[1])).view.data.hand;
    if (!hand.includes("anchor")) fail(`Fay, dealt the first card, holds ${hand}`);
    await play(1, "draw");
    await enter("blue-heart");
    await fits(pages[1], "a Ship's Wheel seat at 390 px");
    await shot(admin, "wheel-admin-1280.png", { fullPage: true });
    await shot(pages[1], "wheel-seat1-390.png", { fullPage: true });
    mark("wheel dealt");
    await play(1, "anchor"); // Fay discards the Anchor: every seat passes a card left
    const version = await now();
    await says(spectator, "#log", /Fay discards anchor|Fay/, "the Ship's Wheel log");
    results.wheelLog = await spectator.$$eval("#log li", (nodes) => nodes.map((n) => n.textContent).slice(-3));
    // The pass: every seat chooses at once, each offered its moves by its own view
    // whoever `to_move` names; Fay (seat 1) chooses first and Eve (seat 0) second, the
    // opposite of their seats' order (one seat after another, Eve would choose first).
    await anchorPass(version);
    // The admin frees Eve's seat: her page watches from then on.
    await admin.click("[data-free='0']", WAIT).catch(() => fail("the admin is offered no button to free seat 0"));
    await says(pages[0], "#where", "spectator", "Eve's header once the admin freed her seat");
    if (!(await api(`/api/tables/${table}`)).free_seats.includes(0)) fail("seat 0 is not free");
    mark("wheel done");
    return version;
  };
  const anchorPass = async (version) => {
    const { table, pages, tokens, watcher: spectator } = games.wheel;
    for (const [seat, page] of pages.entries()) {
      const legal = (await api(`/api/tables/${table}/view`, tokens[seat])).view.data.legal_moves;
      if (!legal.length) fail(`seat ${seat}'s view offers no card to pass`);
      if (JSON.stringify((await pictureMoves(page)).sort()) !== JSON.stringify([...legal].sort())) fail(`seat ${seat}'s picture does not offer ${legal}`);
      await says(page, "#status", "Choose a card to pass.", `Ship's Wheel seat ${seat} in the pass`);
    }
    await says(spectator, "#status", "Waiting for Eve, Fay to choose.", "the spectator in the pass");
    await clickIn(pages[1], pages[1].locator("#picture a").first());
    await moved(pages[1], version);
    await says(pages[1], "#status", "Waiting for Eve to choose.", "Fay once she chose");
    await says(spectator, "#status", "Waiting for Eve to choose.", "the spectator once Fay chose");
    await shot(pages[0], "wheel-pass-1280.png", { fullPage: true });
    await clickIn(pages[0], pages[0].locator("#picture a").first());
    await moved(pages[0], version + 1);
    await says(spectator, "#log", /every seat passes/, "the spectator's log after the pass");
    await says(spectator, "#log", /Fay wins the hand, scoring 3/, "the spectator's log at the end of the hand");
    await says(pages[1], "#log", /you win the hand, scoring 3/, "Fay's log at the end of the hand");
  };

  await Promise.all([playVoyage(), playLeagues(), playWheel()]);
  const end = await watcher.textContent("#status");
  if (!/over/.test(end)) fail(`the spectator's page says ${end}`);
  await fits(second, "Voyage's end at 390 px");
  await fits(leaguesWatcher, "Leagues' end at 390 px");
  await shot(leaguesWatcher, "leagues-end-390.png", { fullPage: true });

  mark("games played");
  // The log in the players' words: names for seats, "you" for the reader.
  const said = await watcher.$$eval("#log li", (nodes) => nodes.map((n) => n.textContent).join("\n"));
  if (/\bseat [01]\b/.test(said) || !/Ann/.test(said) || !/Bob/.test(said)) fail("the spectator's log names seats by number");
  if (!/\byou\b/.test(await first.$$eval("#log li", (nodes) => nodes.map((n) => n.textContent).join("\n")))) fail("Ann's log says no \"you\"");

  // The banner: the winner and every seat's score, on each page of the table.
  const { outcome } = await api(`/api/tables/${voyage}`);
  if (!outcome) fail("the ended table's entry has no outcome");
  for (const [page, seat] of [[first, 0], [second, 1], [bob2, 1], [watcher, null]]) {
    const names = games.voyage.names;
    const winner = outcome.winner === null ? "A draw" : outcome.winner === seat ? "You win!" : `${names[outcome.winner]} wins`;
    await page.waitForSelector("#banner", { state: "visible", ...WAIT }).catch(() => fail("no banner at the end"));
    await says(page, "#winner", winner, `the banner of seat ${seat}`);
    const scores = await page.textContent("#scores");
    for (const [s, score] of outcome.scores.entries()) {
      if (!scores.includes(`${s === seat ? "you" : names[s]}: ${score}`)) fail(`the banner's scores "${scores}" miss seat ${s}'s ${score}`);
    }
  }
  if (await watcher.isVisible("#rematch")) fail("the spectator is offered a rematch");
  await fits(second, "the banner at 390 px");
  await shot(first, "banner-1280.png", { fullPage: true });
  await shot(second, "banner-390.png", { fullPage: true });

  mark("banners");
  // A rematch: Bob presses it; every page of the table follows, each seat held by the
  // same player with the same token.
  await second.click("#rematch");
  const next = await (async () => {
    for (let tries = 0; tries < 100; tries++) {
      const { rematch } = await api(`/api/tables/${voyage}`);
      if (rematch) return rematch;
      await second.waitForTimeout(100);
    }
    return fail("the rematch was not made");
  })();
  for (const page of [first, second, bob2, watcher]) {
    await page.waitForFunction((t) => location.hash === `#/table/${t}`, next, WAIT).catch(() => fail(`a page stays at the old table (${page.url()})`));
  }
  await says(first, "#where", "you are seat 0, Ann", "Ann at the rematch");
  await says(second, "#where", "you are seat 1, Bob", "Bob at the rematch");
  await says(watcher, "#where", "spectator", "the spectator at the rematch");
  for (const [seat, page] of [first, second].entries()) {
    if ((await tokenOf(page, next)) !== games.voyage.tokens[seat]) fail(`seat ${seat} holds another token at the rematch`);
  }
  const again = await api(`/api/tables/${next}`);
  if (JSON.stringify(again.names) !== JSON.stringify(["Ann", "Bob"])) fail(`the rematch seats ${again.names}`);
  await shot(first, "rematch-1280.png", { fullPage: true });

  // Ann moves until Bob is to move; then Bob leaves: both his tabs watch from then on,
  // his seat is free, and Ann's status names him no more.
  for (let tries = 0; ; tries++) {
    const summary = await api(`/api/tables/${next}`);
    if (summary.to_move === 1) break;
    if (tries > 20) fail(`Bob is not to move at the rematch (to_move ${summary.to_move})`);
    if (summary.to_move === 0) {
      const { legal_moves: legal } = (await api(`/api/tables/${next}/view`, games.voyage.tokens[0])).view.data;
      await api(`/api/tables/${next}/moves`, games.voyage.tokens[0], { move: legal[0], version: summary.version });
    } else await first.waitForTimeout(100);
  }
  await says(first, "#status", "Bob is to move.", "Ann's status at the rematch");
  await second.click("#leave");
  await second.click("#leave-yes");
  await says(second, "#where", "spectator", "Bob's header once he left");
  await says(bob2, "#where", "spectator", "Bob's second tab once he left");
  if (!(await api(`/api/tables/${next}`)).free_seats.includes(1)) fail("Bob's seat is not free after he left");
  await says(first, "#status", "seat 1 is to move.", "Ann's status once Bob left");

  // One press of the dealer's button deals the whole deal (two hands of six).
  await seat0.goto(`${origin}/#/`);
  await seat0.waitForSelector("#lobby", { state: "visible", ...WAIT });
  const dealt = await createTable(seat0, "voyage", { chance: "step" });
  await joinAs(seat0, "Cy", `${dealt}/0`);
  await says(seat0, "[data-step]", "deal", "the dealer's button");
  await says(seat0, "#status", "Your deal: press the button.", "the dealer's status");
  await seat0.click("[data-step]");
  await drawn(seat0, 12).catch(async () => fail(`one press dealt up to version ${await version_(seat0)}, not 12`));
  if (typeof (await api(`/api/tables/${dealt}`)).to_move !== "number") fail("the deal is not over after one press");
  mark("one-press deal");
  if (errors.length) fail(errors.join("; "));
  if (results.offsite.length) fail(`the page fetched ${results.offsite}`);
  if (results.missing.length) fail(`not found: ${[...new Set(results.missing)]}`);
  results.weight = [...weights.values()].reduce((a, b) => a + b, 0);
  if (results.weight > 200_000) fail(`the page weighs ${results.weight} bytes`);
  mark("done");
  await writeFile(join(out, "server.json"), JSON.stringify(results, null, 1));
  console.log(
    `server page: a Voyage match in ${results.clicks.voyage} clicks in the picture (${results.keyboard} by keyboard) ` +
      `and a Leagues game in ${results.clicks.leagues} spins; page weight ${results.weight} bytes`,
  );
} finally {
  clearTimeout(watchdog);
  await browser.close();
  server.kill();
}
