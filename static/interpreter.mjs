// PyScript's `interpreter` for the page (pyscript.toml): the vendored Pyodide, whose standard
// library is the build's copy with bytecode for every module imported at boot,
// static/bundle/python_stdlib.zip (uno_web/site/stdlib.py: the npm package ships sources only,
// and compiling them on every boot cost about as much as the rest of Python's start).
// PyScript passes no stdLibURL to loadPyodide, so this module wraps it; PyScript takes the
// directory of its `interpreter` as Pyodide's indexURL, so that is set back to the vendored one.
import * as pyodide from "./vendor/pyodide/pyodide.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url).href;

export function loadPyodide(options) {
  return pyodide.loadPyodide({
    ...options,
    indexURL: here + "vendor/pyodide/",
    stdLibURL: here + "bundle/python_stdlib.zip",
  });
}
