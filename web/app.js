// The page's JavaScript: load Pyodide and the wheels from this site, then show what
// app.py returns and send it the moves a person clicks. No rule is known here.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const $ = (id) => document.getElementById(id);
const timings = { start: performance.now() };
window.seaview = { timings };

let web; // the app.py module, once Python is ready

function busy(on) {
  document.body.dataset.busy = String(on);
  $("new").disabled = on;
}

function show(screen) {
  const data = JSON.parse(screen);
  const picture = $("picture");
  picture.innerHTML = data.svg.replace(/^<\?xml[^>]*>\s*/, "");
  picture.dataset.legal = JSON.stringify(data.legal);
  $("spin").hidden = !data.spin;
  $("error").textContent = data.error;
  $("result").textContent = data.over ? `Game over: ${data.result}` : "";
  $("status").textContent = data.over
    ? "Game over."
    : data.spin
      ? "Your diver spins: press Spin."
      : "Your move: click an outlined card, pile or button.";
  const log = $("log");
  log.replaceChildren(
    ...data.log.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }),
  );
  log.scrollTop = log.scrollHeight; // the newest line in sight
  $("record").textContent = data.record;
  document.body.dataset.over = String(data.over);
  if (timings.firstMove === undefined && (data.legal.length || data.spin)) {
    timings.firstMove = performance.now();
  }
}

// Python returns at once for a move, bots included; the busy flag tells a test (and
// the buttons) when the page is ready for the next click.
function call(name, ...args) {
  busy(true);
  try {
    show(web[name](...args));
  } finally {
    busy(false);
  }
}

$("picture").addEventListener("click", (event) => {
  const link = event.target.closest("a");
  const target = link?.getAttribute("xlink:href") ?? link?.getAttribute("href") ?? "";
  if (!target.startsWith("#move=")) return;
  event.preventDefault();
  call("move", decodeURIComponent(target.slice("#move=".length)));
});
$("spin").addEventListener("click", () => call("spin"));
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  call("move", $("move").value);
});
$("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  const game = $("game").value;
  const players = Math.min(Number($("players").value), game === "leagues" ? 4 : 6);
  $("players").value = players;
  call("new_game", game, players, Number($("seed").value), $("short").checked);
});

async function start() {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  timings.python = performance.now();
  // The wheels of the library and of attrs, unpacked straight into site-packages:
  // no package index and no micropip, so nothing is fetched but this site's files.
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  const wheels = await (await fetch("wheels.json")).json();
  for (const wheel of wheels) {
    const data = await (await fetch(`wheels/${wheel}`)).arrayBuffer();
    pyodide.unpackArchive(data, "wheel", { extractDir: site });
  }
  pyodide.FS.writeFile("seaview_web.py", await (await fetch("app.py")).text());
  pyodide.runPython("import sys; sys.path.insert(0, '.')");
  web = pyodide.pyimport("seaview_web");
  window.seaview.speed = (game, seconds) => JSON.parse(web.speed(game, seconds));
  timings.ready = performance.now();
  busy(false);
  $("setup").requestSubmit();
}

start().catch((error) => {
  $("status").textContent = `Python did not start: ${error}`;
  throw error;
});
