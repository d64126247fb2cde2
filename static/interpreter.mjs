// PyScript's `interpreter` for the page (pyscript.toml): the vendored Pyodide, whose standard
// library is the build's copy with bytecode for every module imported at boot,
// static/bundle/python_stdlib.zip (uno_web/site/stdlib.py: the npm package ships sources only,
// and compiling them on every boot cost about as much as the rest of Python's start).
// PyScript passes no stdLibURL to loadPyodide, so this module wraps it; PyScript takes the
// directory of its `interpreter` as Pyodide's indexURL, so that is set back to the vendored one.
//
// Memory snapshot (docs/deployment.md, "Boot from a memory snapshot"): after a visit that
// booted the ordinary way, a dedicated worker (static/snapshot-worker.mjs) starts a fresh
// Pyodide that has never seen a game, imports the table's modules into it
// (uno_web.web.boot.prepare_snapshot) and stores the memory of that interpreter in the Cache
// Storage ("uno_web.snapshot"), keyed by what it holds: the SHA-256 of the modules' zip and the
// Pyodide version (Pyodide itself refuses a snapshot of another build of its wasm).  Every later
// boot of this origin (a visit, an embed, a course lesson) passes it to loadPyodide as
// `_loadSnapshot` (a private Pyodide API: it copies the memory back instead of starting CPython
// and importing the modules).  A snapshot of another build is deleted unused; one that does not
// load (damaged, cut short, refused by Pyodide) is deleted and the page boots the ordinary way,
// saying nothing to the player.  <body data-boot> says how the page booted ("snapshot" or
// "plain"), data-snapshot-found what the lookup found ("loaded", "none", "stale": another
// build's, deleted; "dropped": did not load, deleted; "unkeyed": this build's key could not be
// computed (no modules' zip on the page, or it did not load), so the snapshot can be checked
// neither way: not used, and kept), data-snapshot what this page did about
// making one ("making", "made", "failed", "off"), data-snapshot-error why one was dropped or
// not made, data-wasm whether Pyodide's WebAssembly came compiled from static/early.js
// ("early", "mismatch", "uncached", "failed"; useCompiledWasm below) (for the tests and the
// benchmark; the player sees nothing of it).
import * as pyodide from "./vendor/pyodide/pyodide.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url).href;
const paths = {indexURL: here + "vendor/pyodide/", stdLibURL: here + "bundle/python_stdlib.zip"};
// A boot from the snapshot gives Pyodide this empty zip (165 bytes) for its standard library and
// writes the real one (4 MB) into the file system once the page is ready: the restored
// interpreter has imported every module the boot and the table import (boot.SNAPSHOT_MODULES),
// so the 4 MB are not read, checked by the service worker and copied while the page starts
// (an embed waited for them: docs/deployment.md, "The standard library after ready").
const LATER_STDLIB = here + "stdlib-later.zip";

// The Cache Storage entry of the snapshot.  Not named "uno_web-…": the service worker deletes
// those caches when a new build activates, and a snapshot outlives a deploy that leaves the
// modules as they were.  The URL is a name only: nothing is ever fetched from it.
export const CACHE = "uno_web.snapshot";
export const ENTRY = here + "bundle/interpreter.snapshot";
// the layout of the entry (headers, encoding): a change here makes every stored one stale
const FORMAT = "2";
// a page waits this long after ready, and for an idle moment, before it makes a snapshot
const MAKE_DELAY_MS = 1500;

function body() { return document.body; }
// <body data-…>; before <body> exists (the lookup starts in <head>), once it does
function mark(name, value) {
  const b = body();
  if (b) b.dataset[name] = value;
  else document.addEventListener("DOMContentLoaded", () => { body().dataset[name] = value; });
}

// performance.mark("uno:…"): where a boot's time goes, for bench/bench_boot.py --detail
function stamp(name) { try { performance.mark("uno:" + name); } catch (err) { /* no User Timing */ } }

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(bytes) { return hex(await crypto.subtle.digest("SHA-256", bytes)); }

// What a snapshot must have been made from to be used: this build's modules (their zip, which
// static/early.js is already fetching) and this Pyodide.
let keyPromise = null;
export function buildKey() {
  if (!keyPromise) {
    keyPromise = (async () => {
      if (typeof window.unoWebBundle !== "function") throw new Error("no modules' zip on this page");
      const digest = await sha256(await window.unoWebBundle());
      return [FORMAT, pyodide.version, digest].join(":");
    })();
  }
  return keyPromise;
}

function storageUsable() {
  return typeof caches !== "undefined" && typeof crypto !== "undefined" && crypto.subtle &&
    (location.protocol === "http:" || location.protocol === "https:");
}

export async function drop() {
  try { await caches.delete(CACHE); } catch (err) { /* storage blocked: nothing kept either */ }
}

// The stored form (static/snapshot-worker.mjs, pack): a header (magic, the image's length, the
// number of extents), an index of the extents of the memory image that are not all zeros
// (offset, length; in order, apart), then their bytes.  Its layout, {full, extents: [[offset,
// length, at]]} (`at`: where the bytes are in the stored form); throws on anything that does
// not fit together.
const MAGIC = 0x534f4e55;
function layout(stored) {
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  if (stored.byteLength < 12 || view.getUint32(0, true) !== MAGIC) throw new Error("not a stored snapshot");
  const full = view.getUint32(4, true), count = view.getUint32(8, true);
  let at = 12 + 8 * count, end = 0;
  if (at > stored.byteLength) throw new Error("the snapshot's index is cut short");
  const extents = [];
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(12 + 8 * i, true), length = view.getUint32(16 + 8 * i, true);
    if (offset + length > full || at + length > stored.byteLength) throw new Error("the snapshot is cut short");
    if (offset < end) throw new Error("the snapshot's extents overlap");
    extents.push([offset, length, at]);
    at += length;
    end = offset + length;
  }
  if (at !== stored.byteLength) throw new Error("the snapshot has bytes to spare");
  return {full, extents};
}

// The memory image (`full` bytes) from the stored form: its bytes [from, from + into.length)
// written into `into`, the zeros between the extents included.
function copyOut(stored, {full, extents}, into, from = 0) {
  const to = from + into.length;
  if (to > full) throw new Error("the snapshot is shorter than asked");
  let done = from;
  for (const [offset, length, at] of extents) {
    const a = Math.max(offset, from), b = Math.min(offset + length, to);
    if (b <= a) { if (offset >= to) break; continue; }
    if (a > done) into.fill(0, done - from, a - from);
    into.set(stored.subarray(at + a - offset, at + b - offset), a - from);
    done = b;
  }
  if (done < to) into.fill(0, done - from, to - from);
  return into;
}

// The whole memory image from the stored form (the tests read a snapshot's contents with it).
export function unpack(stored) {
  const shape = layout(stored);
  return copyOut(stored, shape, new Uint8Array(shape.full));
}

// The stored snapshot, its bytes checked against the SHA-256 stored beside them and its layout
// read: {stored, shape}.  The hash (SubtleCrypto) and the layout's check run side by side; a
// mismatch is reported as such even when the layout is also wrong.
async function readBytes(entry) {
  const t0 = performance.now();
  const stored = new Uint8Array(await entry.bytes);
  const t1 = performance.now();
  stamp("snapshot-read");
  const digest = sha256(stored);
  let shape = null, shapeError = null;
  try { shape = layout(stored); } catch (err) { shapeError = err; }
  if (!entry.sha256 || (await digest) !== entry.sha256) throw new Error("the snapshot's bytes do not match their hash");
  stamp("snapshot-hashed");
  if (shapeError) throw shapeError;
  if (shape.full !== Number(entry.size)) throw new Error("the snapshot's length does not match its header");
  mark("snapshotReadMs", `read=${Math.round(t1 - t0)};hash=${Math.round(performance.now() - t1)};at=${Math.round(performance.now())}`);
  return {stored, shape};
}

// Pyodide's restore (API.restoreSnapshot: check the image's header, its magic and Pyodide's
// build id, then copy the image after the header into the interpreter's memory) without the
// image: Pyodide's own check is given the header alone (the image's first `r` bytes, where
// its header says the memory starts: nothing after it to copy), and the memory is written
// from the stored form directly: the extents, and zeros between them (instantiating the
// WebAssembly wrote into the memory; Pyodide's copy overwrote all of it but the end, which
// this leaves as Pyodide does).  The 31 MB image never exists, nor its copy.
function restoreStored(module, pyodideRestore, {stored, shape}) {
  const first = copyOut(stored, shape, new Uint8Array(8));
  const r = new DataView(first.buffer).getUint32(4, true);
  if (r < 8 || r >= shape.full) throw new Error("the snapshot's header is damaged");
  const meta = pyodideRestore(copyOut(stored, shape, new Uint8Array(r)));
  const heap = new Uint8Array(module.HEAP8.buffer, 0, shape.full - r);
  copyOut(stored, shape, heap, r);
  return meta;
}

// A snapshot not used and not to be deleted by the page's fallback: one made from another build
// (other modules, another Pyodide; deleted already, where it was found stale), or one this page
// cannot check because it cannot compute this build's key (no modules' zip, or the zip did not
// load: that says nothing about the snapshot, which stays for the next visit).
class SnapshotNotUsed extends Error {}
class StaleSnapshot extends SnapshotNotUsed {}

// The stored entry: {key, sha256, size (the memory image's length), bytes: a promise of its
// ArrayBuffer}, or null.  static/early.js started reading it in <head>
// (window.unoWebSnapshotRead), before this module was even fetched; without that (a page
// without early.js), it is read from here.
async function lookup() {
  const started = window.unoWebSnapshotRead;
  window.unoWebSnapshotRead = null;  // taken once: the page keeps no 15 MB buffer for its life
  mark("snapshotRead", started ? "head" : "module");
  if (started) {
    try { return await started; } catch (err) { /* looked up again below */ }
  }
  const hit = await caches.match(ENTRY, {cacheName: CACHE});  // (creates no empty cache)
  if (!hit) return null;
  // (no early compile of the WebAssembly here: this module comes too late for it to gain)
  return {key: hit.headers.get("x-uno-key"), sha256: hit.headers.get("x-uno-sha256"),
          size: hit.headers.get("x-uno-image-bytes"), bytes: hit.arrayBuffer(), wasm: null};
}

// The snapshot to boot from, {image, filled, fresh}, or null: none, or storage out of reach.
// Nothing waits for anything else.  As soon as the Cache Storage has an entry, Pyodide starts
// loading (prepare below) with `image`, the memory image's length the entry's header gives (all
// Pyodide needs to create the interpreter's memory and instantiate its WebAssembly), while the
// stored bytes are read and checked (`filled`: Pyodide's restore writes them into its memory
// only once that is done, loadSnapshot below), and `fresh` checks the entry's key against this
// build's, computed from the modules' zip that static/early.js is still fetching; an entry of
// another build makes `fresh` fail with StaleSnapshot (the entry is deleted) and whatever was
// loaded from it is thrown away unused.
async function find() {
  if (!storageUsable()) return null;
  const entry = await lookup();
  if (!entry) { mark("snapshotFound", "none"); return null; }
  stamp("snapshot-found");
  const size = Number(entry.size);
  const image = Number.isSafeInteger(size) && size > 0 && size % 4 === 0 ? size : null;
  const filled = image ? readBytes(entry) : Promise.reject(new Error("the snapshot's length is missing"));
  const fresh = buildKey().catch((err) => {
    mark("snapshotFound", "unkeyed");
    mark("snapshotError", String(err && err.message || err).slice(0, 200));
    throw new SnapshotNotUsed("this build's key could not be computed");
  }).then(async (key) => {
    if (entry.key !== key) {
      mark("snapshotFound", "stale");
      await drop();
      throw new StaleSnapshot("the snapshot is of another build");
    }
    stamp("snapshot-key");
  });
  // awaited where the snapshot is loaded; meanwhile no "uncaught" report
  filled.catch(() => {});
  fresh.catch(() => {});
  // wasm: Pyodide's WebAssembly, compiled by static/early.js from the worker's cache, or null
  return {image, filled, fresh, wasm: entry.wasm || null};  // image: the memory image's length
}

// Pyodide given the WebAssembly module that static/early.js compiled from the worker's cache,
// its bytes checked against the SHA-256 the snapshot was made with (docs/deployment.md, "The
// WebAssembly from the cache"), instead of requesting pyodide.asm.wasm through the worker
// and compiling it only once its loader runs.  Pyodide's loader takes no module: for its one
// request of the file and its one WebAssembly.instantiateStreaming, the page's fetch and
// instantiateStreaming answer from here (the module only to the instantiation of what was
// answered to that request), and each is put back at its first use (and in any case once
// loadPyodide settles: the returned function).  A module that is not there
// (<body data-wasm>: "uncached", "mismatch", "failed") leaves both to the browser: the file is
// requested through the worker as before, which checks it and fetches a damaged one again.
function useCompiledWasm(found) {
  if (!found.wasm) return () => {};
  const url = paths.indexURL + "pyodide.asm.wasm";
  const compiled = Promise.resolve(found.wasm).then((wasm) => {
    mark("wasm", wasm.state);
    if (wasm.state !== "early") return null;
    stamp("wasm-compiled");
    return wasm.module;
  }, () => { mark("wasm", "failed"); return null; });
  const realFetch = window.fetch, realInstantiate = WebAssembly.instantiateStreaming;
  let answered = null;  // what fetchWasm answered Pyodide's request with: only that is paired with the module
  function fetchWasm(input, init) {
    if (String(input instanceof Request ? input.url : input) !== url) return realFetch.call(window, input, init);
    window.fetch = realFetch;
    answered = compiled.then((module) => module ? new Response(null, {headers: {"content-type": "application/wasm"}})
                                                : realFetch.call(window, input, init));
    return answered;
  }
  function instantiateWasm(source, imports) {
    // another loader's (the ordinary boot after a stale snapshot, running beside the discarded
    // one): the browser's, as if this were not here
    if (source !== answered) return realInstantiate.call(WebAssembly, source, imports);
    WebAssembly.instantiateStreaming = realInstantiate;
    return compiled.then((module) => module
      ? WebAssembly.instantiate(module, imports).then((instance) => { stamp("wasm-instantiated"); return {module, instance}; })
      : realInstantiate.call(WebAssembly, source, imports));
  }
  window.fetch = fetchWasm;
  WebAssembly.instantiateStreaming = instantiateWasm;
  return () => {
    if (window.fetch === fetchWasm) window.fetch = realFetch;
    if (WebAssembly.instantiateStreaming === instantiateWasm) WebAssembly.instantiateStreaming = realInstantiate;
  };
}

// Pyodide from the snapshot `found`.  Pyodide's own loader creates the interpreter's memory (of
// the image's length) and instantiates its WebAssembly (`createPyodideModule`: the module
// factory of pyodide.asm.mjs, which loadPyodide would import itself) while the stored bytes are
// still being read and checked; the factory returns only once they are, and Pyodide's restore
// then writes them into the memory (restoreStored).  Pyodide is given a placeholder for the
// image (`_loadSnapshot` only has to be there; the memory's size is set here).
async function loadSnapshot(found) {
  if (!found.image) {
    await found.fresh;  // an entry of another format is another build's: stale
    await found.filled;  // throws: no length
  }
  const createPyodideModule = async (settings) => {
    const factory = (await import(paths.indexURL + "pyodide.asm.mjs")).default;
    stamp("asm-imported");
    settings.INITIAL_MEMORY = found.image;
    const module = await factory(settings);
    stamp("wasm-ready");
    const read = await found.filled;
    if (!module.API || typeof module.API.restoreSnapshot !== "function" || !module.HEAP8) {
      throw new Error("this Pyodide restores a snapshot in a way this page does not know");
    }
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = () => restoreStored(module, restore, read);
    return module;
  };
  const putBack = useCompiledWasm(found);
  const loading = pyodide.loadPyodide({...paths, stdLibURL: LATER_STDLIB, _loadSnapshot: new Uint8Array(4), createPyodideModule});
  loading.then(putBack, putBack);
  loading.catch(() => {});  // another build's: thrown away below, whatever became of it
  await found.fresh;  // SnapshotNotUsed: the ordinary boot (a stale snapshot already deleted)
  return await loading;
}

// After a boot from the snapshot: the interpreter is the one the worker made, frozen; the
// modules must be there, and the random generator (seeded when `random` was imported in the
// worker) is seeded afresh, or every visit would draw the same puzzles.
// data-random-probe: a hash of the generator's state after that (a test hook: it differs
// from boot to boot).
function checkRestored(py) {
  // uno_web.web.boot is in the snapshot (the check itself asks for it first)
  const done = JSON.parse(String(py.runPython(
    "import sys\n" +
    "if 'uno_web.web.boot' not in sys.modules:\n" +
    "    raise ImportError('the snapshot has not the table modules')\n" +
    "sys.modules['uno_web.web.boot'].restored()")));
  mark("randomProbe", done.probe);
  // PyScript's package, compiled when the snapshot was made (boot.precompile), now written
  mark("pyscriptPycs", String(done.pycs));
  window.unoWebSnapshot.precompiledMatching = () => Number(py.runPython(
    "import sys\nsys.modules['uno_web.web.boot'].precompiled_matching()"));
  stdlibLater(py, done.stdlib);
}

// The real standard library, written over the empty one once the page is ready (or after
// STDLIB_LATE_MS, for a page that never gets ready: a Python error shown), the bytes the
// snapshot's zip importer indexed when it was made (the same build's python_stdlib.zip: the
// key covers it, static/bundle/ is written by the same build).  <body data-stdlib>: "later",
// then "written" or "failed" (then a lazy import of a standard module fails, as it would with
// the file missing); window.unoWebSnapshot.stdlib: its promise, {state, bytes} (the tests).
const STDLIB_LATE_MS = 4000;
function stdlibLater(py, path) {
  mark("stdlib", "later");
  let go = null;
  const started = new Promise((resolve) => { go = resolve; });
  whenReady(go);
  setTimeout(go, STDLIB_LATE_MS);
  window.unoWebSnapshot.stdlib = started.then(() => fetch(paths.stdLibURL)).then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.arrayBuffer();
  }).then((buffer) => {
    py.FS.writeFile(path, new Uint8Array(buffer));
    // the snapshot's zip importer indexed the file it was made with: read the index again, so
    // that a standard library changed by a later build (the key covers the modules' zip and
    // Pyodide, not this file) is read where it is, not where the old one had its modules
    py.runPython("import importlib\nimportlib.invalidate_caches()");
    mark("stdlib", "written");
    return {state: "written", bytes: py.FS.stat(path).size};
  }).catch((err) => {
    mark("stdlib", "failed");
    mark("stdlibError", String(err && err.message || err).slice(0, 200));
    return {state: "failed", bytes: 0};
  });
}

// The lookup of the snapshot, started once: by static/early.js in <head> (so that the snapshot
// is read while PyScript starts), else by loadPyodide.  With {start: true}, a snapshot found
// is also LOADED at once, without waiting for PyScript to ask for the interpreter: the page
// starts Pyodide itself and hands it to PyScript when PyScript calls loadPyodide below (with
// PyScript's stdout and stderr).  The first visit (no snapshot) leaves the start to PyScript.
let prepared = null;
let early = null;
export function prepare({start = false} = {}) {
  if (!prepared) {
    stamp("lookup");
    prepared = find().catch((err) => {
      mark("snapshotFound", "none");
      mark("snapshotError", String(err && err.message || err).slice(0, 200));
      return null;
    });
  }
  if (start && !early) {
    const t0 = performance.now();
    early = prepared.then(async (found) => {
      if (!found) return null;
      const py = await loadSnapshot(found);
      stamp("pyodide-loaded");
      checkRestored(py);
      stamp("restored");
      mark("snapshotLoadMs", `start=${Math.round(t0)};load=${Math.round(performance.now() - t0)}`);
      return py;
    });
    early.catch(() => {});  // handled in loadPyodide: no "uncaught" report meanwhile
  }
  return prepared;
}

export async function loadPyodide(options) {
  stamp("asked");  // PyScript asks for the interpreter (bench_boot.py --detail: is PyScript the long pole?)
  const config = {...options, ...paths};
  prepare({start: true});
  let py = null;
  try {
    py = await early;
  } catch (err) {
    // another build's (deleted already), one that cannot be checked here (kept), or damaged,
    // cut short or refused: deleted; the ordinary boot follows, quietly
    if (!(err instanceof SnapshotNotUsed)) {
      mark("snapshotFound", "dropped");
      mark("snapshotError", String(err && err.message || err).slice(0, 200));
      await drop();
    }
  }
  if (py) {
    // what PyScript passes (its output and error streams) is what a snapshot boot must take over
    if (config.stdout) py.setStdout({batched: config.stdout});
    if (config.stderr) py.setStderr({batched: config.stderr});
    // pyscript.toml lists no package; were one added, it is loaded as PyScript would have
    if (config.packages && config.packages.length) await py.loadPackage(config.packages);
    mark("boot", "snapshot");
    mark("snapshotFound", "loaded");
    stamp("handed");
    return py;
  }
  const plain = await pyodide.loadPyodide(config);
  plainPy = plain;
  mark("boot", "plain");
  // window.unoWebSnapshotAuto = false (set by the browser tests' fixture, tests/web/conftest.py):
  // only make() makes one, so that a test's page does not start a second Pyodide meanwhile
  if (window.unoWebSnapshotAuto !== false) whenReady(() => later(make));
  return plain;
}

function whenReady(then) {
  const b = body();
  if (!b) return;
  if (b.dataset.ready === "1") { then(); return; }
  const seen = new MutationObserver(() => {
    if (b.dataset.ready === "1") { seen.disconnect(); then(); }
  });
  seen.observe(b, {attributes: true, attributeFilter: ["data-ready"]});
}

function later(then) {
  setTimeout(() => {
    if ("requestIdleCallback" in window) requestIdleCallback(then, {timeout: 5000});
    else then();
  }, MAKE_DELAY_MS);
}

// Whether this page may make a snapshot: a page of this site, or a frame of one (a course
// lesson); never an embed on another site, which would store 30 MB in that site's storage.
function mayMake() {
  if (!storageUsable() || typeof Worker === "undefined") return false;
  try {
    return window.top === window.self || window.top.location.origin === location.origin;
  } catch (err) {
    return false;  // a frame in a page of another origin
  }
}

let making = null;
let plainPy = null;  // the interpreter of a plain boot: make() reads PyScript's package from it

// PyScript's Python package as PyScript wrote it into `py` ({file name: bytes}; {} if none)
function pyscriptFiles(py) {
  const dir = "/home/pyodide/pyscript", out = {};
  if (!py) return out;
  try {
    for (const name of py.FS.readdir(dir)) if (name.endsWith(".py")) out[name] = py.FS.readFile(`${dir}/${name}`);
  } catch (err) { /* no such directory: nothing to compile */ }
  return out;
}
// Make the snapshot in a dedicated worker (a fresh interpreter: no game, no page) and store
// it; resolves to true when stored.  Also window.unoWebSnapshot.make() (tests, the benchmark).
export function make() {
  if (making) return making;
  if (!mayMake()) { mark("snapshot", "off"); return Promise.resolve(false); }
  mark("snapshot", "making");
  making = (async () => {
    const key = await buildKey();
    const bundle = (await window.unoWebBundle()).slice();  // a copy: the page keeps its own
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {type: "module"});
    try {
      const result = await new Promise((resolve) => {
        worker.onmessage = (ev) => resolve(ev.data);
        worker.onerror = (ev) => resolve({ok: false, error: String(ev.message || "worker error")});
        worker.postMessage({bundle, key, cache: CACHE, entry: ENTRY, ...paths, pyscriptFiles: pyscriptFiles(plainPy)},
                           [bundle.buffer]);
      });
      if (!result.ok) throw new Error(result.error);
      mark("snapshot", "made");
      mark("snapshotBytes", `${result.bytes}/${result.image}`);
      mark("snapshotMakeMs", String(Math.round(result.ms)));
      return true;
    } finally {
      worker.terminate();
    }
  })().catch((err) => {
    // not made (quota, no worker, a Pyodide that cannot snapshot): the next visit boots the
    // ordinary way and tries again; nothing for the player to see
    mark("snapshot", "failed");
    mark("snapshotError", String(err && err.message || err).slice(0, 200));
    making = null;
    return false;
  });
  return making;
}

window.unoWebSnapshot = {make, drop, buildKey, unpack, cache: CACHE, entry: ENTRY};
