// Makes the memory snapshot that later boots start from (static/interpreter.mjs; docs/
// deployment.md, "Boot from a memory snapshot").  A dedicated worker, so that the page stays
// responsive and the snapshot is of a FRESH interpreter: it has never run a page, a game or a
// deal, only imported the table's modules (uno_web.web.boot.prepare_snapshot, which checks
// that).  It is given the modules' zip and the key of the build, and answers {ok, bytes, ms}
// once the snapshot is in the Cache Storage, or {ok: false, error}.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const BUNDLE = "/home/pyodide/uno_web.zip";  // where index.html's Python writes it too

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

self.onmessage = async (ev) => {
  const {bundle, key, cache, entry, indexURL, stdLibURL} = ev.data;
  const t0 = performance.now();
  try {
    const quiet = () => {};
    const py = await loadPyodide({indexURL, stdLibURL, _makeSnapshot: true, stdout: quiet, stderr: quiet});
    py.FS.writeFile(BUNDLE, bundle);
    py.runPython(
      "import sys\n" +
      `sys.path.insert(0, ${JSON.stringify(BUNDLE)})\n` +
      "from uno_web.web import boot\n" +
      "boot.prepare_snapshot()\n");
    const snapshot = py.makeMemorySnapshot();
    const digest = hex(await crypto.subtle.digest("SHA-256", snapshot));
    const store = await caches.open(cache);
    await store.put(entry, new Response(snapshot, {headers: {
      "content-type": "application/octet-stream", "x-uno-key": key, "x-uno-sha256": digest}}));
    self.postMessage({ok: true, bytes: snapshot.byteLength, ms: performance.now() - t0});
  } catch (err) {
    self.postMessage({ok: false, error: String(err && err.message || err).slice(0, 300)});
  }
};
