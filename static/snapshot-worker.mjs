// Makes the memory snapshot that later boots start from (static/interpreter.mjs; docs/
// deployment.md, "Boot from a memory snapshot").  A dedicated worker, so that the page stays
// responsive and the snapshot is of a FRESH interpreter: it has never run a page, a game or a
// deal, only imported the table's modules (uno_web.web.boot.prepare_snapshot, which checks
// that).  It is given the modules' zip and the key of the build, and answers {ok, bytes, ms}
// once the snapshot is in the Cache Storage, or {ok: false, error}.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const BUNDLE = "/home/pyodide/uno_web.zip";  // where index.html's Python writes it too
const PYSCRIPT_DIR = "/home/pyodide/pyscript";  // where PyScript writes its Python package (boot.PYSCRIPT_DIR)

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The snapshot as stored: half of the interpreter's memory is zeros (free heap), so only the
// extents of 4 KiB pages that are not all zeros are kept, after a small index:
//   u32 magic "UNOS", u32 full length, u32 extent count N, N x (u32 offset, u32 length), data.
// static/interpreter.mjs (unpack) rebuilds the full memory image from it; 31.5 MB is stored
// as about 15 MB and read back faster than it would be decompressed (docs/deployment.md).
const PAGE = 4096;
const MAGIC = 0x534f4e55;

function pack(image) {
  const words = new Uint32Array(image.buffer, image.byteOffset, image.byteLength >> 2);
  const extents = [];
  let start = -1;
  const pages = Math.ceil(image.byteLength / PAGE);
  for (let p = 0; p < pages; p++) {
    let used = false;
    const end = Math.min((p + 1) * PAGE, image.byteLength) >> 2;
    for (let w = (p * PAGE) >> 2; w < end; w++) if (words[w] !== 0) { used = true; break; }
    if (used && start < 0) start = p * PAGE;
    if (!used && start >= 0) { extents.push([start, p * PAGE - start]); start = -1; }
  }
  if (start >= 0) extents.push([start, image.byteLength - start]);
  const head = 12 + 8 * extents.length;
  const size = extents.reduce((n, e) => n + e[1], head);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, image.byteLength, true);
  view.setUint32(8, extents.length, true);
  let at = head;
  extents.forEach(([offset, length], i) => {
    view.setUint32(12 + 8 * i, offset, true);
    view.setUint32(16 + 8 * i, length, true);
    out.set(image.subarray(offset, offset + length), at);
    at += length;
  });
  return out;
}

self.onmessage = async (ev) => {
  const {bundle, key, cache, entry, indexURL, stdLibURL, pyscriptFiles = {}} = ev.data;
  const t0 = performance.now();
  // the WebAssembly this snapshot goes with, as the site serves it (through the service worker,
  // which checks it, where one controls this worker), requested beside Pyodide's own request
  // of it, not after: a later boot compiles the worker's cached copy early and uses it only if
  // its bytes hash to this (static/early.js)
  const wasmHashed = fetch(indexURL + "pyodide.asm.wasm").then(async (response) => {
    if (!response.ok) throw new Error(`pyodide.asm.wasm: HTTP ${response.status}`);
    return hex(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  });
  wasmHashed.catch(() => {});  // awaited below
  try {
    const quiet = () => {};
    const py = await loadPyodide({indexURL, stdLibURL, _makeSnapshot: true, stdout: quiet, stderr: quiet});
    py.FS.writeFile(BUNDLE, bundle);
    // PyScript's Python package as PyScript wrote it in the page (boot.precompile compiles it;
    // nothing imports it here)
    const names = Object.keys(pyscriptFiles);
    if (names.length) {
      py.FS.mkdirTree(PYSCRIPT_DIR);
      names.forEach((name) => py.FS.writeFile(`${PYSCRIPT_DIR}/${name}`, pyscriptFiles[name]));
    }
    py.runPython(
      "import sys\n" +
      `sys.path.insert(0, ${JSON.stringify(BUNDLE)})\n` +
      "from uno_web.web import boot\n" +
      "boot.prepare_snapshot()\n" +
      (names.length ? "boot.precompile()\n" : ""));
    const image = py.makeMemorySnapshot();
    if (image.byteLength % 4) throw new Error("a snapshot of an odd length");
    const snapshot = pack(image);
    const digest = hex(await crypto.subtle.digest("SHA-256", snapshot));
    const wasmDigest = await wasmHashed;
    const store = await caches.open(cache);
    await store.put(entry, new Response(snapshot, {headers: {
      "content-type": "application/octet-stream", "x-uno-key": key, "x-uno-sha256": digest,
      // the memory image's length: a page creates the interpreter's memory before it has read
      // the stored bytes (static/interpreter.mjs)
      "x-uno-image-bytes": String(image.byteLength), "x-uno-wasm-sha256": wasmDigest}}));
    self.postMessage({ok: true, bytes: snapshot.byteLength, image: image.byteLength, ms: performance.now() - t0});
  } catch (err) {
    self.postMessage({ok: false, error: String(err && err.message || err).slice(0, 300)});
  }
};
