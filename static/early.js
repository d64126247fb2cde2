// Runs in <head> before the first paint (a plain script, no defer): decides what the page shows
// while Python loads, so the right screen is painted at once (docs/table.md, "Boot").
//  - html.embed: the page is an embed (?embed=1; embed.html, or index.html, which the service
//    worker answers with embed.html for an embed): static/page.js shows its placeholder;
//  - html.prestart: a plain visit with no game in progress: the start screen, already in
//    index.html (written by the build from the Python renderer), is usable at once;
//  - otherwise the loading screen (a link to a position, a replay, a puzzle, a saved game).
(function () {
  var root = document.documentElement;
  var search = location.search;
  // A script of the site's own that fails to load leaves the page without its code: Chromium
  // aborts one script request in about a thousand served by the service worker on a repeat
  // visit (docs/deployment.md, "An intermittent embed stall"). Reload the page once; a second
  // failure of this address within a minute stays as it is (offline with a file missing).
  // static/page.js also calls it for a start that stalls with no error at all.
  var reloadOnce = window.unoWebReloadOnce = function () {
    try {
      var key = "uno_web.reloaded:" + location.href;
      if (Date.now() - Number(sessionStorage.getItem(key) || 0) < 60000) return;
      sessionStorage.setItem(key, String(Date.now()));
    } catch (err) { return; }  // no session storage: no way to stop at one reload
    location.reload();
  };
  addEventListener("error", function (ev) {
    var el = ev.target;
    if (!el || el.tagName !== "SCRIPT" || !el.src || el.src.indexOf(location.origin + "/") !== 0) return;
    reloadOnce();
  }, true);
  // The browser modules of uno_web, one zip (uno_web/site/bundle.py): fetched once, as early
  // as possible, while Pyodide loads; index.html's Python awaits unoWebBundle(), writes the
  // bytes into Pyodide's file system and imports from the zip (zipimport, no unpacking).
  var bundle = null;
  window.unoWebBundle = function () {
    if (!bundle) {
      bundle = fetch("./static/bundle/uno_web.zip", {credentials: "same-origin"}).then(function (r) {
        if (!r.ok) throw new Error("the game's Python modules (static/bundle/uno_web.zip) could not be loaded: HTTP " + r.status);
        return r.arrayBuffer();
      }).then(function (buf) { return new Uint8Array(buf); });
    }
    return bundle;
  };
  // The stored memory snapshot (static/interpreter.mjs, which has the same names): the Cache
  // Storage entry and the promise of {key, sha256, size, bytes: a promise of its ArrayBuffer}, or of
  // null (none, or no Cache Storage here); interpreter.mjs takes it as window.unoWebSnapshotRead.
  var me = document.currentScript;
  var staticDir = me && me.src ? me.src.replace(/[^/]*$/, "") : location.href.replace(/[^/?#]*([?#].*)?$/, "static/");
  function readSnapshot() {
    if (window.unoWebSnapshotRead || typeof caches === "undefined" || !/^https?:$/.test(location.protocol)) return;
    window.unoWebSnapshotRead = caches.match(staticDir + "bundle/interpreter.snapshot", {cacheName: "uno_web.snapshot"})
      .then(function (hit) {
        if (!hit) return null;
        var bytes = hit.arrayBuffer();
        bytes.catch(function () { /* reported where it is awaited */ });
        return {key: hit.headers.get("x-uno-key"), sha256: hit.headers.get("x-uno-sha256"),
                size: hit.headers.get("x-uno-image-bytes"), bytes: bytes,
                wasm: compileCachedWasm(hit.headers.get("x-uno-wasm-sha256"))};
      });
    window.unoWebSnapshotRead.catch(function () { /* storage blocked: interpreter.mjs looks again */ });
  }
  // Pyodide's WebAssembly (9.6 MB) for a boot from the snapshot, compiled from here as soon as
  // the snapshot is found, straight from the service worker's cache (docs/deployment.md, "The
  // WebAssembly from the cache"): not requested through the worker, which answers a file only
  // once it has read and hashed all of it, and not only once Pyodide's loader runs. `expected`:
  // the SHA-256 of the WebAssembly the snapshot was made with (the entry's x-uno-wasm-sha256).
  // The bytes are hashed here beside the compile, and the module is given to Pyodide only if
  // they match (static/interpreter.mjs): a damaged or replaced entry is never run; the boot
  // then asks the worker as before, which fetches the file again. A promise of {state:
  // "early", module} or {state: "uncached" | "mismatch" | "failed"}; null without `expected`
  // (a snapshot stored before it had one).
  function compileCachedWasm(expected) {
    if (!expected || typeof WebAssembly !== "object" || !WebAssembly.compileStreaming || !window.crypto || !crypto.subtle) return null;
    var found = caches.match(staticDir + "vendor/pyodide/pyodide.asm.wasm").then(function (response) {
      if (!response) return {state: "uncached"};  // no worker's cache (workers blocked, or not installed yet)
      var hashed = response.clone().arrayBuffer().then(function (body) {
        return crypto.subtle.digest("SHA-256", body);
      }).then(function (digest) {
        return Array.from(new Uint8Array(digest), function (b) { return b.toString(16).padStart(2, "0"); }).join("") === expected;
      });
      return Promise.all([WebAssembly.compileStreaming(response), hashed]).then(function (both) {
        return both[1] ? {state: "early", module: both[0]} : {state: "mismatch"};
      }, function () {
        // not compiled (damaged beyond compiling, or not served as application/wasm): it may
        // still be a mismatch, which the tests tell apart from other failures
        return hashed.then(function (good) { return {state: good ? "failed" : "mismatch"}; }, function () { return {state: "failed"}; });
      });
    });
    return found.catch(function () { return {state: "failed"}; });
  }
  function link(rel, href) {
    var l = document.createElement("link");
    l.rel = rel;
    l.href = href;
    document.head.appendChild(l);
  }
  // The interpreter, started now, while PyScript starts (a page: at once; an embed: when it
  // starts, from static/page.js): the memory snapshot of an earlier visit (static/
  // interpreter.mjs), first of all, its 15 MB read from the Cache Storage before any module is
  // there to ask for them; the interpreter module PyScript imports (static/interpreter.mjs, which
  // imports the vendored pyodide.mjs) and the 1.2 MB of JavaScript that pyodide.mjs imports only
  // once it runs (pyodide.asm.mjs), fetched and compiled meanwhile; then interpreter.mjs loads
  // the snapshot, and PyScript is handed that interpreter when it asks.
  var interpreterStarted = false;
  function startInterpreter() {
    if (interpreterStarted) return;
    interpreterStarted = true;
    readSnapshot();
    link("modulepreload", "./static/vendor/pyodide/pyodide.mjs");
    link("modulepreload", "./static/vendor/pyodide/pyodide.asm.mjs");
    import(staticDir + "interpreter.mjs")
      .then(function (m) { m.prepare({start: true}); }, function () { /* the ordinary boot follows */ });
  }
  window.unoWebStartInterpreter = startInterpreter;
  var params = new URLSearchParams(search);
  var embed = /[?&]embed=1(&|$)/.test(search);
  // embed.html (uno_web/site/prerender.py) is index.html without the full page's start screen:
  // an address of it without embed=1 asks for the full page, which is index.html.
  if (!embed && root.getAttribute("data-page") === "embed") {
    window.stop();
    location.replace(location.pathname.replace(/[^/]*$/, "index.html") + search + location.hash);
    return;
  }
  var path = location.pathname;
  var scope = path.slice(0, path.lastIndexOf("/") + 1) || "/";

  // The page's language, decided as the table decides it (uno_web/web/app.py, App.lang): the
  // address's lang=, else the language chosen in the top bar (remembered; not in an embed),
  // else the browser's; "en" or "fi" (uno_web/i18n/verdicts.py, pick_lang).  In Finnish the
  // page stays unpainted until static/page.js (deferred: it runs as soon as the document is
  // parsed) has put the Finnish text in place, so no English flashes first.
  function pickLang(text) {
    var head = String(text || "").trim().toLowerCase().replace(/_/g, "-").split("-")[0].slice(0, 8);
    return head === "en" || head === "fi" ? head : "";
  }
  var lang = pickLang(params.get("lang"));
  if (!lang && !embed) {
    try {
      var prefs = JSON.parse(window.localStorage.getItem("uno_web.prefs.v1:" + scope) || "null");
      if (prefs && typeof prefs === "object" && (prefs.lang === "en" || prefs.lang === "fi")) lang = prefs.lang;
    } catch (err) { /* unreadable or blocked: the table says why once it is ready */ }
  }
  lang = lang || pickLang(navigator.language) || "en";
  window.unoWebLang = lang;
  if (lang !== "en") {
    root.lang = lang;
    root.style.visibility = "hidden";
    // static/page.js shows the page; should it never run, the page shows itself anyway
    setTimeout(function () { root.style.visibility = ""; }, 3000);
  }

  if (embed) { root.classList.add("embed"); return; }
  // Not an embed: Python starts at once, from here in <head>, so Pyodide starts loading as
  // early as on a page that has PyScript's core.js in <head> (docs/deployment.md, "Boot time").
  // PyScript runs once the parser has reached index.html's <script type="py">. static/page.js
  // (deferred) then only draws the progress: it replays the stages PyScript reported before it
  // ran (window.unoWebEarly). An embed makes no PyScript request before it starts.
  // tests/web/test_assemble.py checks that every file named here is in the built site.
  var early = window.unoWebEarly = {stages: []};
  addEventListener("py:progress", function (ev) { early.stages.push(String(ev.detail)); });
  // PyScript's modules, fetched and compiled from here, while the page parses
  [["modulepreload", "./static/vendor/pyscript/core.js"],
   ["modulepreload", "./static/vendor/pyscript/core-C9KDLldu.js"],
   ["stylesheet", "./static/vendor/pyscript/core.css"]].forEach(function (p) { link(p[0], p[1]); });
  // ... but RUN only once the document is parsed.  PyScript reads its config from the
  // <script type="py" config> at the end of <body> when its module runs; a module script added
  // from here runs as soon as it is loaded, and one that came before the parser reached that
  // element took PyScript's own default, Pyodide from a CDN, which the CSP refuses: the page
  // never started (seen in the tests once the WebAssembly no longer held the service worker
  // up; docs/deployment.md, "Ninth session").  "interactive": parsed, before the deferred scripts.
  function addCore() {
    var core = document.createElement("script");
    core.type = "module";
    core.src = "./static/vendor/pyscript/core.js";
    document.head.appendChild(core);
  }
  if (document.readyState !== "loading") addCore();
  else document.addEventListener("readystatechange", function parsed() {
    document.removeEventListener("readystatechange", parsed);
    addCore();
  });
  window.unoWebBundle();
  startInterpreter();
  // Query keys that change what the first screen is; any other key (speed, delay, seed, utm_…)
  // leaves the start screen.  Kept in step with uno_web/web/links.py by tests/web/test_boot_unit.py.
  var CONTENT = ["hands", "mode", "lesson"];
  for (var i = 0; i < CONTENT.length; i++) if (params.has(CONTENT[i])) return;
  try {
    if (window.localStorage.getItem("uno_web.table.v1:" + scope)) return;  // a game to restore
  } catch (err) { /* storage blocked: nothing to restore */ }
  root.classList.add("prestart");
})();
