// Run the test suite under Pyodide in Node: the wheels of a folder are unpacked into
// Pyodide's site-packages (no package index), the repository is mounted at its own
// path, and pytest runs there with the arguments given.
//
//     node web/tests/pytest_pyodide.mjs WHEELS [PYTEST ARGS...]
//
// Run it from the repository's root; the exit status is pytest's. With
// SEAVIEW_HYPOTHESIS_PROFILE=quick, every property test tries 10 examples instead of 100
// (the profile is registered here, before the suite's conftest loads it).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const [wheels, ...args] = process.argv.slice(2);
if (!wheels) throw new Error("usage: node web/tests/pytest_pyodide.mjs WHEELS [PYTEST ARGS...]");

const root = process.cwd();
const passed = ["CI", "SEAVIEW_HYPOTHESIS_PROFILE"].filter((name) => name in process.env);
const env = Object.fromEntries(passed.map((name) => [name, process.env[name]]));
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", ...env } });
const raw = (stream) => ({ write: (bytes) => (stream.write(bytes), bytes.length) });
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));

const site = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const wheel of readdirSync(wheels).filter((name) => name.endsWith(".whl"))) {
  const data = new Uint8Array(readFileSync(join(wheels, wheel)));
  pyodide.unpackArchive(data, "wheel", { extractDir: site });
}
pyodide.FS.mkdirTree(root);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, root);
pyodide.FS.chdir(root);
pyodide.globals.set("pytest_args", pyodide.toPy(args));
const status = await pyodide.runPythonAsync(`
from hypothesis import HealthCheck, settings
settings.register_profile(
    "quick", deadline=None, derandomize=True, max_examples=10,
    suppress_health_check=[HealthCheck.too_slow],
)
import pytest
# Hypothesis was imported above, before pytest could mark its plugin for assertion
# rewriting; that plugin's asserts are not the suite's.
late = "ignore:Module already imported:pytest.PytestAssertRewriteWarning"
int(pytest.main(["-W", late, *pytest_args]))
`);
process.exit(status);
