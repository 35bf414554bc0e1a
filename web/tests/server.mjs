// The client page of `seaview serve` in headless Chromium, played as a player would:
// start a real server on 127.0.0.1; from the lobby page create a Voyage table (two open
// seats) and a 20,000 Leagues table (two open seats, chance "step"); join each seat
// from a page of its own and watch each table from a third; then play both games to
// their end at once, by clicking the cards and buttons *in the picture* (Voyage) and
// the spin button (Leagues). Seat 1 of Voyage and the Leagues spectator are phones
// (390 px wide), the other pages desktops (1280 px).
//
// Checked on the way: the spectator's picture names no card that is in a hand; every
// page shows the moves its seat has, in the picture and in the button row; the spin
// button is shown to the seat whose spin it is and to nobody else, and never on a table
// whose chance is "auto"; the typed move is offered only to a seat with moves; the tab
// title says when it is the seat's turn; a refusal goes away with the next update; with
// the server stopped the pages say they are reconnecting, a move fails, and once it is
// back (restarted on its database) the pages catch up and the error goes; the lobby
// refreshes itself; no request fails with a 404 (the favicon); no page scrolls sideways
// at 390 px and no picture is shrunk below nine tenths of its size.
//
//     CHROMIUM=/usr/bin/chromium PYTHON=.venv/bin/python node web/tests/server.mjs OUT
//
// Writes OUT/server.json (clicks, page weight, screenshots' names) and screenshots to
// OUT and to /tmp/page_shots/ (SHOTS=folder to change it).
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

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
const DEADLINE = 170_000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const fail = (message) => {
  throw new Error(message);
};
const watchdog = setTimeout(() => {
  console.error(`server page test: not done after ${DEADLINE / 1000} s`);
  process.exit(2);
}, DEADLINE);

const db = join(await mkdtemp(join(tmpdir(), "seaview-server-")), "tables.sqlite");
const python = process.env.PYTHON ?? "python3";
let server = null;
const start = (port) =>
  new Promise((resolve, reject) => {
    server = spawn(python, ["-m", "seaview_rules.cli", "serve", "--port", String(port), "--db", db, "--seeded", "5"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines = createInterface({ input: server.stdout });
    lines.once("line", (line) => {
      const found = line.match(/listening on (http:\/\/127\.0\.0\.1:(\d+))\//);
      found ? resolve(found[1]) : reject(new Error(`the server did not start: ${line}`));
    });
    server.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
  });
const stop = () =>
  new Promise((resolve) => {
    server.removeAllListeners("exit");
    server.once("exit", resolve);
    server.kill("SIGTERM");
  });
const origin = await start(0);
const port = Number(new URL(origin).port);

const api = async (path, token, body) => {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const init = body ? { method: "POST", body: JSON.stringify(body), headers: { ...headers, "Content-Type": "application/json" } } : { headers };
  const response = await fetch(origin + path, init);
  if (!response.ok) fail(`${path}: ${response.status}`);
  return response.json();
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
});
const results = { clicks: { voyage: 0, leagues: 0 }, keyboard: 0, weight: 0, offsite: [], missing: [], screenshots: [] };
const weights = new Map();
const errors = [];
const shot = async (page, name, options = {}) => {
  for (const folder of [out, shots]) await page.screenshot({ path: join(folder, name), ...options });
  results.screenshots.push(name);
};
try {
  const open = async (viewport = DESKTOP) => {
    const context = await browser.newContext({ viewport });
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
  const createTable = async (page, game) => {
    await page.selectOption("#game", game);
    await page.selectOption("#seat-kinds label:nth-child(2) select", "open");
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
  const voyage = await createTable(first, "voyage");
  const leagues = await createTable(first, "leagues");
  await second.waitForSelector(`[data-join='${voyage}/1']`, WAIT).catch(() => fail("the lobby does not refresh itself"));
  await second.waitForSelector(`[data-join='${leagues}/1']`, WAIT).catch(() => fail("the lobby does not refresh itself"));
  await fits(second, "the lobby at 390 px");
  await shot(first, "lobby-1280.png", { fullPage: true });
  await shot(second, "lobby-390.png", { fullPage: true });
  if (!(await second.isVisible(`a[href='#/table/${voyage}']`))) fail("the lobby at 390 px hides the watch link");

  const seat0 = await open();
  await seat0.goto(`${origin}/`);
  await seat0.click(`[data-join='${leagues}/0']`);
  const seat1 = await open();
  await seat1.goto(`${origin}/`);
  await seat1.click(`[data-join='${leagues}/1']`);
  await first.click(`[data-join='${voyage}/0']`);
  await second.click(`[data-join='${voyage}/1']`);
  const watcher = await open();
  await watcher.goto(`${origin}/#/table/${voyage}`);
  const leaguesWatcher = await open(PHONE);
  await leaguesWatcher.goto(`${origin}/#/table/${leagues}`);

  const tokenOf = (page, table) => page.evaluate((t) => JSON.parse(sessionStorage.getItem(`seaview:${t}`)).token, table);
  const games = {
    voyage: { table: voyage, pages: [first, second], watcher, tokens: [] },
    leagues: { table: leagues, pages: [seat0, seat1], watcher: leaguesWatcher, tokens: [] },
  };
  for (const game of Object.values(games)) {
    game.tokens = await Promise.all(game.pages.map((page) => tokenOf(page, game.table)));
  }
  const settled = async (game, wanted) => {
    await Promise.all([...game.pages, game.watcher].map((page) => drawn(page, wanted)));
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

  const playVoyage = async () => {
    const { table, pages, tokens } = games.voyage;
    let version = -1;
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
        await Promise.all(pages.map(async (page, seat) => {
          const expected = views[seat].view.data.legal_moves;
          const links = await page.$$eval("#moves a.move", (nodes) => nodes.map((n) => n.dataset.move));
          if (JSON.stringify(links) !== JSON.stringify(expected)) fail(`seat ${seat} shows ${links}, not ${expected}`);
          const drawnMoves = (await pictureMoves(page)).sort();
          if (JSON.stringify(drawnMoves) !== JSON.stringify([...expected].sort())) {
            fail(`seat ${seat}'s picture offers ${drawnMoves}, not ${expected}`);
          }
          if (await page.isVisible("#typed") !== expected.length > 0) fail(`seat ${seat} is offered to type with moves ${expected}`);
          const title = await page.title();
          if (title.startsWith("Your turn") !== (summary.to_move === seat)) fail(`seat ${seat}'s title "${title}" at ${summary.to_move}`);
        }));
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
      if (clicks > MAX_CLICKS) fail(`no end after ${MAX_CLICKS} clicks`);
      const page = pages[seat];
      if (clicks === 3) {
        // A refusal in the rule's words, gone once the table moves on (here by a move
        // the seat sends from elsewhere, which the page learns from the live channel).
        await page.fill("#typed-move", "xyz");
        await page.click("#typed button");
        await page.waitForFunction(() => document.getElementById("refusal").textContent !== "", null, WAIT);
        const said = await page.textContent("#refusal");
        if (!said.startsWith("API-MOVE: ")) fail(`"xyz" refused as "${said}", not under API-MOVE`);
        results.refusals = [said];
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
      if (clicks === 12) {
        await fits(second, "a Voyage seat at 390 px");
        await shot(first, "voyage-seat0-1280.png", { fullPage: true });
        await shot(second, "voyage-seat1-390.png", { fullPage: true });
        await shot(watcher, "voyage-spectator-1280.png", { fullPage: true });
      }
    }
  };

  const playLeagues = async () => {
    const { table, pages, tokens } = games.leagues;
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
        if (title.startsWith("Your turn") !== (seat === spinner && !summary.over)) fail(`leagues seat ${seat}'s title "${title}"`);
      }
      if (await leaguesWatcher.$("[data-step]")) fail("the leagues spectator has a spin button");
      if (await leaguesWatcher.isVisible("#typed")) fail("the leagues spectator is offered to type a move");
      if (summary.over) break;
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

  await Promise.all([playVoyage(), playLeagues()]);
  const end = await watcher.textContent("#status");
  if (!/over/.test(end)) fail(`the spectator's page says ${end}`);
  await fits(second, "Voyage's end at 390 px");
  await fits(leaguesWatcher, "Leagues' end at 390 px");
  await shot(first, "voyage-end-1280.png", { fullPage: true });
  await shot(second, "voyage-end-390.png", { fullPage: true });
  await shot(leaguesWatcher, "leagues-end-390.png", { fullPage: true });
  if (errors.length) fail(errors.join("; "));
  if (results.offsite.length) fail(`the page fetched ${results.offsite}`);
  if (results.missing.length) fail(`not found: ${[...new Set(results.missing)]}`);
  results.weight = [...weights.values()].reduce((a, b) => a + b, 0);
  if (results.weight > 200_000) fail(`the page weighs ${results.weight} bytes`);
  await writeFile(join(out, "server.json"), JSON.stringify(results, null, 1));
  console.log(
    `server page: a Voyage match in ${results.clicks.voyage} clicks in the picture (${results.keyboard} by keyboard) ` +
      `and a Leagues game in ${results.clicks.leagues} spins; page weight ${results.weight} bytes`,
  );
} finally {
  clearTimeout(watchdog);
  await browser.close();
  server.removeAllListeners("exit");
  server.kill("SIGTERM");
}
