// The client page of `seaview serve` in headless Chromium: start a real server on
// 127.0.0.1, create a Voyage table from the lobby page, join its two seats from two
// pages, watch from a third, and play the match to its end by clicking the moves the
// pages show. After every move the spectator's picture must name no card that is in a
// hand, and every page must show what the server says its seat sees.
//
//     PYTHON=.venv/bin/python node web/tests/server.mjs OUT
//
// Writes OUT/server.json (clicks, page weight, screenshots' names) and screenshots.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const [out] = process.argv.slice(2);
if (!out) throw new Error("usage: node web/tests/server.mjs OUT");
await mkdir(out, { recursive: true });
const CHROMIUM_FLAGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const MAX_CLICKS = 3000;
const fail = (message) => {
  throw new Error(message);
};

const db = join(await mkdtemp(join(tmpdir(), "seaview-server-")), "tables.sqlite");
const python = process.env.PYTHON ?? "python3";
const server = spawn(python, ["-m", "seaview_rules.cli", "serve", "--port", "0", "--db", db, "--seeded", "5"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const origin = await new Promise((resolve, reject) => {
  const lines = createInterface({ input: server.stdout });
  lines.once("line", (line) => {
    const found = line.match(/listening on (http:\/\/127\.0\.0\.1:\d+)\//);
    found ? resolve(found[1]) : reject(new Error(`the server did not start: ${line}`));
  });
  server.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
});

const api = async (path, token) => {
  const response = await fetch(origin + path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) fail(`${path}: ${response.status}`);
  return response.json();
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
});
const results = { clicks: 0, weight: 0, offsite: [] };
try {
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    page.on("request", (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith("ws://127.0.0.1")) {
        results.offsite.push(request.url());
      }
    });
    page.on("response", async (response) => {
      if (response.url().startsWith(`${origin}/static/`) || response.url() === `${origin}/`) {
        results.weight += (await response.body()).length;
      }
    });
    page.on("pageerror", (error) => fail(`page error: ${error.message}`));
    return page;
  };

  // Seat 0's page creates the table from the lobby: Voyage, two open seats.
  const first = await open();
  await first.goto(`${origin}/`);
  await first.waitForSelector("#game option[value=voyage]", { state: "attached" });
  await first.selectOption("#game", "voyage");
  await first.selectOption("#seat-kinds label:nth-child(2) select", "open");
  await first.click("#create button[type=submit]");
  await first.waitForSelector("[data-join$='/0']");
  const table = (await first.getAttribute("[data-join$='/0']", "data-join")).split("/")[0];
  await first.screenshot({ path: join(out, "server-lobby.png") });
  await first.click(`[data-join='${table}/0']`);

  const second = await open();
  await second.goto(`${origin}/`);
  await second.click(`[data-join='${table}/1']`);
  const watcher = await open();
  await watcher.goto(`${origin}/#/table/${table}`);

  const pages = [first, second];
  const tokens = await Promise.all(
    pages.map((page) => page.evaluate((t) => JSON.parse(sessionStorage.getItem(`seaview:${t}`)).token, table)),
  );
  let version = -1;
  const settled = async (wanted) => {
    // Every page has drawn the table at version `wanted` (its live channel caught up).
    for (const page of [...pages, watcher]) {
      await page.waitForFunction(
        (v) => document.getElementById("log").dataset.version === String(v),
        wanted,
        { timeout: 30000 },
      );
    }
  };
  for (;;) {
    const summary = await api(`/api/tables/${table}`);
    if (summary.version !== version) {
      version = summary.version;
      await settled(version);
      // The spectator's page names no card that is in a hand.
      const hands = (await Promise.all(tokens.map((t) => api(`/api/tables/${table}/view`, t)))).flatMap((v) => v.view.data.hand);
      const shown = await watcher.evaluate(() => document.getElementById("picture").innerHTML);
      for (const card of hands) {
        if (new RegExp(`\\b${card}\\b`).test(shown)) fail(`the spectator's page shows ${card}, in a hand`);
      }
      for (const [seat, page] of pages.entries()) {
        const expected = (await api(`/api/tables/${table}/view`, tokens[seat])).view.data.legal_moves;
        const links = await page.$$eval("#moves a.move", (nodes) => nodes.map((n) => n.dataset.move));
        if (JSON.stringify(links) !== JSON.stringify(expected)) fail(`seat ${seat} shows ${links}, not ${expected}`);
      }
    }
    if (summary.over) break;
    const seat = summary.to_move;
    if (typeof seat !== "number") fail(`unexpected to_move ${seat}`);
    if (++results.clicks > MAX_CLICKS) fail(`no end after ${MAX_CLICKS} clicks`);
    const links = await pages[seat].$$("#moves a.move");
    await links[results.clicks % links.length].click();
    await pages[seat].waitForFunction((v) => document.getElementById("log").dataset.version !== String(v), version, { timeout: 30000 });
    if (results.clicks === 3) {
      // A typed move out of turn, and one that is no move, are refused in the rule's words.
      const before = await api(`/api/tables/${table}`);
      const now = before.to_move;
      const refused = async (page, move, rule) => {
        await page.fill("#typed-move", move);
        await page.click("#typed button");
        await page.waitForFunction(() => document.getElementById("refusal").textContent !== "");
        const said = await page.textContent("#refusal");
        if (!said.startsWith(`${rule}: `)) fail(`"${move}" refused as "${said}", not under ${rule}`);
        results.refusals = [...(results.refusals ?? []), said];
      };
      await refused(pages[1 - now], "draw", "API-SEAT");
      await refused(pages[now], "xyz", "API-MOVE");
      if ((await api(`/api/tables/${table}`)).version !== before.version) fail("a refusal changed the table");
      if ((await pages[1 - now].$$("#picture a")).length) fail("a seat not to move is offered moves");
    }
  }
  const end = await watcher.textContent("#status");
  if (!/over/.test(end)) fail(`the spectator's page says ${end}`);
  await first.screenshot({ path: join(out, "server-seat0.png"), fullPage: true });
  await watcher.screenshot({ path: join(out, "server-spectator.png"), fullPage: true });
  if (results.offsite.length) fail(`the page fetched ${results.offsite}`);
  if (results.weight > 200_000) fail(`the page weighs ${results.weight} bytes`);
  await writeFile(join(out, "server.json"), JSON.stringify(results, null, 1));
  console.log(`server page: a Voyage match played to its end in ${results.clicks} clicks; page weight ${results.weight} bytes`);
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
