// Serve the built page on 127.0.0.1, drive headless Chromium through a whole game of
// every game by clicking, and write what the page showed for check_results.py.
//
//     node web/tests/play.mjs SITE OUT
//
// Every click goes to a move the picture outlines, and the test checks that those are
// exactly the view's legal moves; a typed illegal move must be refused with a rule ID.
// The page may fetch nothing but its own files: any other request fails the run.
import { createServer } from "node:http";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const [site, out] = process.argv.slice(2);
if (!site || !out) throw new Error("usage: node web/tests/play.mjs SITE OUT");

const GAMES = [
  { game: "voyage", players: 3, seed: 7, illegal: "keep" },
  { game: "leagues", players: 4, seed: 2, illegal: "3R" },
  { game: "ships_wheel", players: 4, seed: 1, illegal: "take 5" },
];
const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
  ".whl": "application/zip",
  ".py": "text/plain",
};
const CHROMIUM_FLAGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const MAX_CLICKS = 5000;

// A seeded choice of the move to click, so that a failure can be replayed.
function chooser(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

function fail(message) {
  throw new Error(message);
}

const served = {};
const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
  const file = join(site, path.endsWith("/") ? `${path}index.html` : path);
  try {
    const body = await readFile(file);
    served[path] = body.length;
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    response.writeHead(200, { "Content-Type": type });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
});
const offsite = [];
const results = { games: [], timings: {}, speed: {}, weight: {} };
try {
  const context = await browser.newContext({ viewport: { width: 900, height: 1200 } });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) return route.continue();
    offsite.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await mkdir(out, { recursive: true });

  await page.goto(`${origin}/index.html`);
  await page.waitForSelector('body[data-busy="false"]', { timeout: 120_000 });
  results.timings = await page.evaluate(() => window.seaview.timings);
  results.weight = { ...served };

  const logLines = () => page.evaluate(() => document.getElementById("log").childElementCount);
  const ready = () => page.waitForSelector('body[data-busy="false"]');
  const typed = async (move) => {
    await page.fill("#move", move);
    await page.click("#typed button");
    await ready();
    return page.textContent("#error");
  };
  // The moves the picture links, as the page sends them.
  const offered = async () => {
    const links = await page.$$("#picture a");
    const href = (a) => decodeURIComponent(a.getAttribute("xlink:href").slice("#move=".length));
    return { links, moves: await Promise.all(links.map((link) => link.evaluate(href))) };
  };
  for (const { game, players, seed, illegal } of GAMES) {
    await page.selectOption("#game", game);
    await page.fill("#players", String(players));
    await page.fill("#seed", String(seed));
    await page.click("#new");
    await ready();

    // Forced input: a move that is not legal now, or no move at all, is refused with
    // the rule it breaks, and nothing changes.
    const before = await logLines();
    await page.click("#typing summary");
    for (const move of [illegal, "fly away"]) {
      const refusal = await typed(move);
      if (!/^[A-Z]{2,4}(-[A-Z0-9]+)+: /.test(refusal)) {
        fail(`${game}: "${move}" was not refused by a rule: "${refusal}"`);
      }
    }
    if ((await logLines()) !== before) fail(`${game}: a refused move changed the log`);
    await page.click("#typing summary");

    const pick = chooser(seed);
    let clicks = 0;
    while ((await page.getAttribute("body", "data-over")) !== "true") {
      if (++clicks > MAX_CLICKS) fail(`${game}: no end after ${MAX_CLICKS} clicks`);
      if (await page.isVisible("#spin")) {
        await page.click("#spin");
      } else {
        const legal = JSON.parse(await page.getAttribute("#picture", "data-legal"));
        const { links, moves } = await offered();
        if (JSON.stringify([...moves].sort()) !== JSON.stringify([...legal].sort())) {
          fail(`${game}: the picture offers ${moves} but the legal moves are ${legal}`);
        }
        await links[pick(links.length)].click();
      }
      await ready();
      const refusal = await page.textContent("#error");
      if (refusal !== "") fail(`${game}: a click was refused: ${refusal}`);
      if (clicks === 2) {
        await page.screenshot({ path: join(out, `${game}-in-play.png`), fullPage: true });
      }
    }
    await page.screenshot({ path: join(out, `${game}-over.png`), fullPage: true });
    results.games.push({
      game,
      players,
      seed,
      clicks,
      result: (await page.textContent("#result")).replace(/^Game over: /, ""),
      record: await page.textContent("#record"),
    });
    console.log(`${game}: ${clicks} clicks, ${results.games.at(-1).result}`);
  }

  for (const { game } of GAMES) {
    results.speed[game] = await page.evaluate((name) => window.seaview.speed(name, 3), game);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(out, "phone.png"), fullPage: true });
  if (errors.length) fail(`the page reported errors: ${errors.join("; ")}`);
  if (offsite.length) fail(`the page tried to fetch from elsewhere: ${offsite.join(", ")}`);
  await writeFile(join(out, "results.json"), JSON.stringify(results, null, 1));
} finally {
  await browser.close();
  server.close();
}
