// The fast path inside Pyodide (Python 3.14) under Node.js: called by bench/bench_pyodide.py.
//   node bench/pyodide_playout.mjs PLAYERS ROUNDS WARM_UP   (rounds per second)
//   node bench/pyodide_playout.mjs pieces SCALE     (bench/pyodide_pieces.py's table)
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide({ indexURL: path.join(root, "static/vendor/pyodide/") });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");
py.globals.set("argv", process.argv.slice(2));
await py.runPythonAsync(`
import sys
sys.path.insert(0, "/repo")
sys.path.insert(0, "/repo/bench")
if argv[0] == "pieces":
    from pyodide_pieces import pieces
    pieces(float(argv[1]))
else:
    from playout_kernel import measure
    print(measure(int(argv[0]), int(argv[1]), int(argv[2])))
`);
