// Run pytest on the uno_web core inside Pyodide (Python 3.14) under Node.js.
//   node tests/pyodide/run_pytest.mjs [pytest args...]
// Uses the vendored Pyodide (static/vendor/pyodide, with the pydantic wheels of the browser
// build) and the pure test wheels of build/pyodide-wheels (python -m uno_web.site.testwheels).
import { loadPyodide } from "../../static/vendor/pyodide/pyodide.mjs";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const py = await loadPyodide({ indexURL: path.join(root, "static/vendor/pyodide/") });
await py.loadPackage("pydantic", { messageCallback: () => {} });
const wheelDir = path.join(root, "build/pyodide-wheels");
for (const name of readdirSync(wheelDir).filter((f) => f.endsWith(".whl"))) {
  py.FS.writeFile(`/tmp/${name}`, readFileSync(path.join(wheelDir, name)));
}
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");
py.globals.set("pytest_args", process.argv.slice(2));
const code = await py.runPythonAsync(`
import os, sys, zipfile, glob, sysconfig
site = sysconfig.get_paths()["purelib"]
for whl in glob.glob("/tmp/*.whl"):
    zipfile.ZipFile(whl).extractall(site)
os.chdir("/repo")
sys.path.insert(0, "/repo")
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = "/tmp/hypothesis"
import pytest
args = list(pytest_args) or ["tests/core"]
print("Python", sys.version.split()[0], "on", sys.platform)
pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:xdist", *args])
`);
process.exit(typeof code === "number" ? code : 0);
