// Compile the browser modules of uno_web to bytecode with Pyodide's own Python (3.14), under Node.
// Used by uno_web/site/bundle.py at build time; not shipped to the browser.
//
//   node uno_web/site/pyc.mjs <pyodide dir> <source root> <out dir> <in-browser root> <rel.py>...
//
// For each repo-relative <rel.py> it writes <out dir>/<dir>/__pycache__/<name>.<cache tag>.pyc, an
// unchecked-hash pyc (PEP 552): the importer uses it without reading or hashing the source, and the
// build guarantees they match (the bundle carries both and is rebuilt whenever a source changes).
// co_filename is the module's path in the browser (<in-browser root>/<rel.py>).  Prints one line of
// JSON: {"cache_tag", "magic", "python", "files"}.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, srcRoot, outDir, webRoot, ...files] = process.argv.slice(2);
if (!files.length) {
  console.error("usage: node pyc.mjs <pyodide dir> <source root> <out dir> <in-browser root> <rel.py>...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
// PYTHONHASHSEED=0: the same bytes on every build (set and frozenset constants are marshalled in
// iteration order).
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", env: { PYTHONHASHSEED: "0" } });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(srcRoot) }, "/src");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(outDir) }, "/out");
py.globals.set("files", py.toPy(files));
py.globals.set("web_root", webRoot);
const report = py.runPython(`
import importlib.util, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc

tag = sys.implementation.cache_tag
for rel in files:
    with open(f"/src/{rel}", "rb") as fh:
        source = fh.read()
    code = compile(source, f"{web_root}/{rel}", "exec", dont_inherit=True)
    data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    head, name = os.path.split(rel)
    target = os.path.join("/out", head, "__pycache__", name[:-3] + "." + tag + ".pyc")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as fh:
        fh.write(data)
json.dumps({"cache_tag": tag, "magic": importlib.util.MAGIC_NUMBER.hex(),
            "python": sys.version.split()[0], "files": len(files)})
`);
console.log(report);
