// The page before Python is ready (docs/table.md, "Boot"): the progress bar, the start screen
// that works at first paint, the embed's placeholder, and the start of PyScript.
// No inline script anywhere (the Content-Security-Policy forbids them): index.html loads this
// file with `defer`, and static/early.js (in <head>) has already chosen the first screen.
(function () {
  "use strict";
  var root = document.documentElement;
  var body = document.body;
  var params = new URLSearchParams(location.search);
  var embed = root.classList.contains("embed");
  var prestart = root.classList.contains("prestart");
  var t0 = performance.now();

  function ready() { return body.dataset.ready === "1"; }
  function $(sel) { return document.querySelector(sel); }

  // ---------------------------------------------------------------------------------------
  // The page's language before Python is there (static/early.js decided it, as the table
  // does). Finnish: the top bar and the start screen come from the build's <template
  // id="prerendered-fi"> (uno_web/site/prerender.py, the table's own Finnish), the rest of
  // index.html's fixed text ([data-l10n], [data-l10n-label]) and this script's messages from
  // the small catalogue below. When the table switches the language later, it sets <html
  // lang>, and the fixed text follows it here.
  // ---------------------------------------------------------------------------------------
  var lang = window.unoWebLang === "fi" ? "fi" : "en";
  var FIXED_FI = {  // [data-l10n] / [data-l10n-label] of index.html: key -> Finnish (HTML)
    "ph-label": "UNO-tilanne (ei vielä ladattu)",
    "ph-kicker": "UNO · kokeile siirtoa, tarkastaja selittää sen",
    "ph-load": "Lataa interaktiivinen tilanne",
    "ph-note": "Ajaa Pythonia selaimessasi (noin 16 Mt, ladataan kerran) ja käynnistyy, kun tämä tulee näkyviin.",
    "boot-bar": "Peliä ladataan",
    "help-title": "Näin pelaat",
    "help-1": "Pääse eroon korteistasi. Pelaa kortti, joka on <b>nykyistä väriä</b> tai jossa on sama " +
      "<b>numero tai symboli</b> kuin päällimmäisessä kortissa, tai villi kortti (valitset silloin värin). " +
      "Mikään ei sovi? Napsauta <b>nostopakkaa</b>; nostetun kortin voi pelata heti, jos se sopii, muuten " +
      "pidät sen. Kun sinulla on kaksi korttia, paina <b>UNO!</b> ennen kuin pelaat (tai heti sen jälkeen) " +
      "— jos botti huomaa sen ensin, joudut nostamaan. Nappaa botit, jotka unohtavat.",
    "help-2": "Nyt pelattavat kortit on nostettu ylemmäs ja reunustettu. Jokainen siirto, omasi ja bottien, " +
      "kulkee <b>tarkastajan</b> kautta: se kertoo, miksi siirto hylätään ja mitä voisit tehdä sen sijaan.",
    "help-keys": "<caption>Näppäimistö</caption>" +
      "<tr><th>Tab / ← →</th><td>siirry korttien välillä</td></tr>" +
      "<tr><th>Enter / välilyönti</th><td>pelaa valittu kortti, paina valittua painiketta</td></tr>" +
      "<tr><th>D</th><td>nosta (tai ota odottavat kortit)</td></tr>" +
      "<tr><th>K</th><td>pidä nostamasi kortti</td></tr>" +
      "<tr><th>U</th><td>huuda UNO</td></tr>" +
      "<tr><th>A / C</th><td>hyväksy / haasta nostorangaistus</td></tr>" +
      "<tr><th>R Y G B</th><td>valitse väri (H D C S pelikorteilla)</td></tr>" +
      "<tr><th>1 … 9</th><td>valitse, kenen kanssa 7 vaihtaa kädet</td></tr>" +
      "<tr><th>Esc</th><td>peru värin tai vaihdon valinta</td></tr>" +
      "<tr><th>N</th><td>jaa seuraava kierros</td></tr>" +
      "<tr><th>?</th><td>näytä tai piilota tämä ohje</td></tr>",
    "table": "korttipöytä",
    "side": "tarkastaja, loki ja pisteet",
    "validator": "Tarkastaja",
    "scores": "pisteet"
  };
  var TEXT_FI = {  // what this script (and uno_web/web/boot.py, through unoWebText) writes
    "Loading Python…": "Ladataan Pythonia…",
    "Still loading Python…": "Pythonia ladataan yhä…",
    "Loading Python (shared with this page's other positions)…":
      "Ladataan Pythonia (yhteinen tämän sivun muiden tilanteiden kanssa)…",
    "Python ready": "Python on valmis",
    "Failed to start Python": "Pythonin käynnistys epäonnistui",
    "Python did not start: {0}. Reload the page to try again.":
      "Python ei käynnistynyt: {0}. Lataa sivu uudelleen ja yritä uudestaan.",
    " — if this never finishes, check that the server sends .wasm as application/wasm":
      " — jos tämä ei valmistu koskaan, tarkista, että palvelin lähettää .wasm-tiedostot tyypillä application/wasm",
    "The cards are dealt as soon as the table is ready.": "Kortit jaetaan heti, kun pöytä on valmis.",
    "This opens as soon as the table is ready.": "Tämä avautuu heti, kun pöytä on valmis.",
    "Starting": "Käynnistetään", "Loading Python": "Ladataan Pythonia", "Python loaded": "Python ladattu",
    "Setting up the table": "Pöytää katetaan", "Ready": "Valmis", "Loading": "Ladataan",
    "start": "käynnistys", "starting": "käynnistys", "Loading Pyodide": "Pyodide latautuu", "Loading interpreter": "tulkki latautuu",
    "Loaded interpreter": "tulkki ladattu", "Loaded Pyodide": "Pyodide ladattu",
    "python": "Python käynnistyy", "ready": "valmis",
    "Solitaire UNO: play every card, each matching the one before.":
      "Pasianssi-UNO: pelaa kaikki kortit niin, että jokainen sopii edelliseen.",
    "Duel: open hands against a perfect opponent.": "Kaksintaistelu: avoimet kädet täydellistä vastustajaa vastaan.",
    "An UNO position: try a move.": "UNO-tilanne: kokeile siirtoa.",
    "UNO position, not loaded yet: {0}": "UNO-tilanne, ei vielä ladattu: {0}", "try a move": "kokeile siirtoa",
    "your cards": "korttisi", "you": "sinä", "computer": "tietokone", "top card": "päällimmäinen kortti",
    "your hand": "kätesi"
  };
  function t(english, arg) {
    var text = lang === "fi" && TEXT_FI.hasOwnProperty(english) ? TEXT_FI[english] : english;
    return arg === undefined ? text : text.replace("{0}", arg);
  }
  window.unoWebText = function (english) { return t(String(english)); };
  var englishHtml = new Map(), englishLabel = new Map();
  function showFixedText(to) {
    document.querySelectorAll("[data-l10n]").forEach(function (el) {
      if (!englishHtml.has(el)) englishHtml.set(el, el.innerHTML);
      var fi = FIXED_FI[el.getAttribute("data-l10n")];
      el.innerHTML = to === "fi" && fi !== undefined ? fi : englishHtml.get(el);
    });
    document.querySelectorAll("[data-l10n-label]").forEach(function (el) {
      if (!englishLabel.has(el)) englishLabel.set(el, el.getAttribute("aria-label") || "");
      var fi = FIXED_FI[el.getAttribute("data-l10n-label")];
      el.setAttribute("aria-label", to === "fi" && fi !== undefined ? fi : englishLabel.get(el));
    });
  }
  if (lang === "fi") {
    var fiParts = document.getElementById("prerendered-fi");
    if (fiParts && !root.classList.contains("embed")) {
      fiParts.content.querySelectorAll("[data-region]").forEach(function (part) {
        var region = document.getElementById("r-" + part.getAttribute("data-region"));
        if (region) region.innerHTML = part.innerHTML;
      });
    }
    showFixedText("fi");
    $("#boot-status").textContent = t("Loading Python…");
  }
  root.style.visibility = "";  // static/early.js hid a page in another language until now
  new MutationObserver(function () {  // the table's language switch (uno_web/web/controller.py)
    var now = root.lang === "fi" ? "fi" : "en";
    if (now !== lang) { lang = now; showFixedText(now); }
  }).observe(root, {attributes: true, attributeFilter: ["lang"]});

  // ---------------------------------------------------------------------------------------
  // Progress: a determinate bar driven by real events. PyScript dispatches `py:progress` with
  // the stage it starts ("Loading interpreter", ...); the resource timing of the big downloads
  // moves it inside a stage; Python reports its own stages (uno_web/web/boot.py). Within a
  // stage the bar creeps towards the stage's end as time passes (calibrated on
  // bench/bench_boot.py's stage times), never past it until the next real event arrives.
  // ---------------------------------------------------------------------------------------
  var STAGES = {  // event -> [fraction reached when it arrives, fraction the stage may creep to, expected seconds]
    "start": [0.0, 0.04, 0.5],
    "Loading Pyodide": [0.04, 0.08, 0.4],
    "Loading interpreter": [0.08, 0.62, 3.0],
    "Loaded interpreter": [0.66, 0.70, 0.4],
    "Loaded Pyodide": [0.72, 0.84, 0.2],  // then index.html's Python opens the bundle (no [files] stage)
    "python": [0.86, 0.97, 0.8],  // uno_web.web.boot imports the table
    "ready": [1, 1, 1]
  };
  var LABELS = {
    "start": "Starting", "Loading Pyodide": "Loading Python", "Loading interpreter": "Loading Python",
    "Loaded interpreter": "Python loaded", "Loaded Pyodide": "Python loaded",
    "python": "Setting up the table", "ready": "Ready"
  };
  // a download that finishes moves the bar at least this far (inside "Loading interpreter");
  // static/bundle/uno_web.zip is fetched at the start, beside Pyodide: it marks no stage
  var FILES = [["pyodide.asm.wasm", 0.42], ["python_stdlib.zip", 0.56]];
  var stage = "start", stageAt = 0, floor = 0, shown = 0, timer = 0;
  var SLOW_MS = 1000;  // a start that takes longer shows motion: the creeping bar, the bobbing cards
  var bar = $("#boot-progress"), fill = $("#boot-progress .fill"), label = $("#boot-progress-label");
  var detail = $("#boot-detail");

  function draw() {
    if (!bar) return;
    var s = STAGES[stage] || STAGES.start;
    var elapsed = (performance.now() - stageAt) / 1000;
    var creep = s[0] + (s[1] - s[0]) * (1 - Math.exp(-elapsed / s[2]));
    var value = Math.max(floor, creep, shown);
    shown = Math.min(value, 1);
    var pct = Math.round(shown * 100);
    fill.style.transform = "scaleX(" + shown.toFixed(3) + ")";
    bar.setAttribute("aria-valuenow", String(pct));
    var words = t(LABELS[stage] || "Loading"), percent = lang === "fi" ? pct + " %" : pct + "%";
    bar.setAttribute("aria-valuetext", words + ", " + percent);
    if (label) label.textContent = words + "… " + percent;
    if (detail) detail.textContent = t(String(stage)) + " (" + ((performance.now() - t0) / 1000).toFixed(1) + " s)";
  }
  function setStage(name) {
    if (ready() && name !== "ready") return;
    var s = STAGES[name];
    if (!s) return;  // a stage this page does not go through (e.g. "Loading packages")
    stage = name;
    stageAt = performance.now();
    floor = Math.max(floor, s[0]);
    draw();
    body.dataset.bootStage = name;
    if (name === "ready") { clearTimeout(timer); clearInterval(timer); timer = 0; root.classList.remove("slow-boot"); }
  }
  window.unoWebProgress = setStage;  // boot.py: "python", then "ready"
  addEventListener("py:progress", function (ev) { setStage(String(ev.detail)); });
  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          FILES.forEach(function (f) {
            if (entry.name.indexOf(f[0]) >= 0) { floor = Math.max(floor, f[1]); }
          });
        });
        draw();
      }).observe({type: "resource", buffered: true});
    } catch (err) { /* no resource timing: the stages alone move the bar */ }
  }

  // A boot that never finishes is almost always a server sending .wasm with the wrong type.
  setTimeout(function () {
    if (!ready() && body.dataset.pyStart) $("#boot-status").textContent = t("Still loading Python…");
  }, 45000);
  setTimeout(function () {
    if (!ready() && body.dataset.pyStart && detail) {
      detail.textContent += t(" — if this never finishes, check that the server sends .wasm as application/wasm");
    }
  }, 90000);
  var failed = false;  // Python reported an error: shown, never retried by the watchdog below
  addEventListener("error", function (ev) {
    if (ready()) return;
    failed = true;
    $("#boot-status").textContent = t("Failed to start Python");
    if (detail) detail.textContent = String(ev.message || ev.error || "unknown error").slice(0, 200);
    var wait = $("#prestart-status");
    if (wait) wait.textContent = t("Python did not start: {0}. Reload the page to try again.", String(ev.message || "unknown error").slice(0, 200));
  });

  // ---------------------------------------------------------------------------------------
  // Starting Python: adds PyScript (core.css, core.js), which runs index.html's
  // <script type="py">. The page starts at once. An embed shows a static placeholder and starts
  // only when it becomes visible (IntersectionObserver) or its button is clicked; ?start=click
  // waits for the click. Before that it makes no request for PyScript or Pyodide.
  // ---------------------------------------------------------------------------------------
  var started = false;
  var guests = [];  // embeds of this page sharing this frame's Python (when it is the host)

  // A start that stalls without an error: Chromium aborts about one request in a thousand that
  // the service worker serves (docs/deployment.md, "An intermittent stall of one embed
  // frame"); when the aborted one is a script, static/early.js reloads the page, but one that
  // never ends (seen for PyScript's core.js) left the frame waiting for ever, and the embeds
  // sharing its Python with it. Under the worker every file comes from this browser's own
  // cache, so no new stage for STALL_MS means a stall: the page reloads itself, once a minute
  // at most (early.js's unoWebReloadOnce). A guest embed watches the stages its host forwards,
  // so it reloads too and joins (or becomes) a host that runs. A first visit (no worker yet)
  // loads from the network at the network's pace and is not watched, and a hidden page is
  // given more time (it is checked again once it shows). window.unoWebStallMs:
  // another delay (the browser tests), which also watches a page without the worker.
  var STALL_MS = 30000;
  function watchForStall() {
    var sw = navigator.serviceWorker;
    var ms = Number(window.unoWebStallMs) || (sw && sw.controller ? STALL_MS : 0);
    if (!ms || !window.unoWebReloadOnce) return;
    var seen = body.dataset.bootStage || "";
    setTimeout(function check() {
      if (ready() || failed) return;
      var now = body.dataset.bootStage || "";
      if (now === seen && !document.hidden) {  // (a hidden tab's loading may be held back)
        body.dataset.stalled = now || "start";
        window.unoWebReloadOnce();
        return;
      }
      seen = now;
      setTimeout(check, ms);
    }, ms);
  }

  // One Python for every embed of a page: an embed that starts looks for a sibling frame of
  // this origin that already hosts Python (or is loading it) and joins it; the host's Python
  // runs a controller on the guest's document (uno_web/web/boot.py, serve_guests). Frames of
  // one origin under one page share an event loop, so the host calls into the guest directly.
  // If the host frame goes away, its guests stop answering: reload them (docs/embedding.md).
  function findHost() {
    var frames;
    try { frames = window.parent.frames; } catch (err) { return null; }
    if (!frames || window.parent === window) return null;
    for (var i = 0; i < frames.length; i++) {
      try {
        var f = frames[i];
        if (f !== window && f.unoWebHost && f.location.origin === location.origin) return f;
      } catch (err) { /* another origin's frame: not ours */ }
    }
    return null;
  }
  function becomeHost() {
    window.unoWebHost = {
      queue: [],
      attach: null,  // set by Python once it is ready
      join: function (win) {
        guests.push(win);
        win.unoWebProgress(stage);
        if (this.attach) this.attach(win); else this.queue.push(win);
      }
    };
    var forward = setStage;
    window.unoWebProgress = setStage = function (name) {
      forward(name);
      guests.forEach(function (g) {
        try { if (!g.document.body.dataset.ready) g.unoWebProgress(name); } catch (err) { /* gone */ }
      });
    };
  }

  function start(how) {
    if (started) return;
    started = true;
    body.dataset.pyStart = how;
    try { performance.mark("uno:py-start"); } catch (err) { /* no User Timing: bench/bench_boot.py --detail only */ }
    $("#embed-ph").hidden = true;
    $("#loading").classList.add("started");
    stageAt = performance.now();
    // The bar creeps between stages, and the loading screen's cards bob, only once the start
    // has taken SLOW_MS: a quick start (a repeat visit from the memory snapshot, about half a
    // second) moves the bar at its stages alone and paints no frame for motion, which on a
    // two-core machine was CPU taken from the boot (docs/deployment.md, "Motion only for a slow start").
    timer = setTimeout(function () {
      if (ready()) return;
      root.classList.add("slow-boot");
      timer = setInterval(draw, 150);
      draw();
    }, SLOW_MS);
    draw();
    watchForStall();
    if (embed && params.get("share") !== "0") {
      var host = findHost();
      if (host) {
        body.dataset.pyShared = "1";
        $("#boot-status").textContent = t("Loading Python (shared with this page's other positions)…");
        host.unoWebHost.join(window);
        return;
      }
      becomeHost();
    }
    if (window.unoWebEarly) {  // static/early.js has started PyScript already
      window.unoWebEarly.stages.forEach(setStage);
      return;
    }
    if (window.unoWebStartInterpreter) window.unoWebStartInterpreter();  // static/early.js
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = "./static/vendor/pyscript/core.css";
    document.head.appendChild(css);
    // index.html carries its config inline (the build writes pyscript.toml into it): no config
    // request, no TOML parser. PyScript's main chunk is fetched beside core.js, not after it.
    ["./static/vendor/pyscript/core-C9KDLldu.js", "./static/interpreter.mjs",
     "./static/vendor/pyodide/pyodide.mjs"].forEach(function (href) {
      var pre = document.createElement("link");
      pre.rel = "modulepreload";
      pre.href = href;
      document.head.appendChild(pre);
    });
    var core = document.createElement("script");
    core.type = "module";
    core.src = "./static/vendor/pyscript/core.js";
    document.head.appendChild(core);
    if (window.unoWebBundle) window.unoWebBundle();  // static/early.js: the modules' zip, fetched beside Pyodide
  }
  window.unoWebStart = start;

  // ---------------------------------------------------------------------------------------
  // The start screen at first paint (html.prestart). index.html holds the start screen as the
  // Python renderer draws it for a first visit (uno_web/site/prerender.py writes it at build
  // time). Here it is filled with the remembered settings, kept consistent while Python loads
  // (players -> opponent fields, preset -> rule fields), and a button pressed meanwhile is
  // remembered: boot.py reads `window.unoWebPre` and presses it again once Python listens.
  // ---------------------------------------------------------------------------------------
  var pre = window.unoWebPre = {touched: false, pending: ""};
  function presetValues() {
    var el = document.getElementById("preset-values");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (err) { return {}; }
  }
  function setField(form, name, value) {
    var el = form.elements.namedItem(name);
    if (!el) return;
    if (el.type === "checkbox") el.checked = !!value;
    else if (el.length !== undefined && el.tagName !== "SELECT") {  // a radio group
      for (var i = 0; i < el.length; i++) el[i].checked = el[i].value === String(value);
    } else el.value = String(value);
  }
  function applyPreset(form, name, overrides) {
    var values = presetValues()[name];
    if (!values) return;
    Object.keys(values).forEach(function (k) { setField(form, "rule." + k, values[k]); });
    Object.keys(overrides || {}).forEach(function (k) { setField(form, "rule." + k, overrides[k]); });
    form.querySelectorAll("label.preset").forEach(function (l) {
      var input = l.querySelector("input");
      l.classList.toggle("selected", !!input && input.checked);
    });
  }
  function showLevels(form) {
    var n = parseInt(form.elements.namedItem("players").value, 10) || 2;
    form.querySelectorAll(".level-field").forEach(function (f, i) { f.hidden = i >= n - 1; });
  }
  function fillFromStorage(form, scope) {
    var stored = null, prefs = null;
    try {
      stored = JSON.parse(localStorage.getItem("uno_web.settings.v1:" + scope) || "null");
      prefs = JSON.parse(localStorage.getItem("uno_web.prefs.v1:" + scope) || "null");
    } catch (err) { return; }  // unreadable: Python says why once it is ready
    if (stored && typeof stored === "object") {
      if (stored.players) setField(form, "players", stored.players);
      if (typeof stored.name === "string") setField(form, "name", stored.name.slice(0, 40));
      (Array.isArray(stored.levels) ? stored.levels : []).forEach(function (lvl, i) {
        setField(form, "level." + (i + 1), lvl);
      });
      if (typeof stored.preset === "string") {
        setField(form, "preset", stored.preset);
        applyPreset(form, stored.preset, stored.overrides);
      }
    }
    if (prefs && typeof prefs === "object") {
      if (typeof prefs.speed === "string") setField(form, "speed", prefs.speed);
      var sound = document.querySelector("[data-testid=sound]");
      if (sound && prefs.sound === true) sound.setAttribute("aria-pressed", "true");
    }
    showLevels(form);
  }
  function waitFor(el) {
    var testid = el.getAttribute("data-testid");
    if (!testid) return;
    pre.pending = testid;
    document.querySelectorAll("[aria-busy=true]").forEach(function (b) { b.removeAttribute("aria-busy"); });
    el.setAttribute("aria-busy", "true");
    body.dataset.pending = testid;
    $("#prestart-status").textContent = t(testid === "start-game" || testid === "quick-game" ? "The cards are dealt as soon as the table is ready."
                                                                  : "This opens as soon as the table is ready.");
  }

  if (prestart) {
    var app = $("#app");
    body.dataset.mode = "start";
    app.hidden = false;
    $("#loading").hidden = true;
    var slot = document.querySelector("#prestart .prestart-progress");
    if (slot) slot.appendChild($("#boot-slot"));
    var form = document.querySelector("#r-start form.start");
    var path = location.pathname;
    if (form) fillFromStorage(form, path.slice(0, path.lastIndexOf("/") + 1) || "/");
    app.addEventListener("change", function (ev) {
      if (ready()) return;
      var t = ev.target;
      if (!form || !form.contains(t)) return;
      pre.touched = true;
      if (t.name === "players") showLevels(form);
      if (t.name === "preset") applyPreset(form, t.value, {});
    });
    app.addEventListener("input", function (ev) {
      if (!ready() && form && form.contains(ev.target)) pre.touched = true;
    });
    app.addEventListener("submit", function (ev) {  // Enter in a field: never a page load
      ev.preventDefault();
    });
    app.addEventListener("click", function (ev) {
      if (ready()) return;
      var el = ev.target.closest("button[data-testid], [data-action=help]");
      if (!el || !app.contains(el)) return;
      ev.preventDefault();
      waitFor(el);
    });
  }

  if (!embed) { start(prestart ? "prestart" : "page"); return; }

  // ---------------------------------------------------------------------------------------
  // The embed's placeholder: the position in plain HTML until Python is asked for.
  // ---------------------------------------------------------------------------------------
  var ph = $("#embed-ph");
  function chip(code) {
    var span = document.createElement("span");
    var c = code.charAt(0);
    span.className = "ph-card c-" + ("RYGBW".indexOf(c) >= 0 ? c : "W");
    span.textContent = code.length > 1 && "RYGBW".indexOf(c) >= 0 ? code.slice(1) : code;
    return span;
  }
  function cards(text) { return (text || "").split(/[\s,]+/).filter(Boolean).slice(0, 14).map(function (c) { return c.slice(0, 4); }); }
  function row(labelText, list) {
    var box = ph.querySelector(".preview");
    if (!list.length) return;
    var sep = document.createElement("span");
    sep.className = "sep";
    sep.textContent = labelText;
    box.appendChild(sep);
    list.forEach(function (code) { box.appendChild(chip(code)); });
  }
  var mode = params.get("mode");
  var goal = (params.get("goal") || "").slice(0, 200);
  if (mode === "solitaire") {
    goal = goal || t("Solitaire UNO: play every card, each matching the one before.");
    row(t("your cards"), cards(params.get("cards")));
  } else if (mode === "duel") {
    goal = goal || t("Duel: open hands against a perfect opponent.");
    row(t("you"), cards(params.get("p1")));
    row(t("computer"), cards(params.get("p2")));
  } else {
    if (params.get("top")) row(t("top card"), cards(params.get("top")).slice(0, 1));
    row(t("your hand"), cards((params.get("hands") || "").split(",")[0]));
  }
  ph.querySelector(".goal").textContent = goal || t("An UNO position: try a move.");
  // a page with several embeds has several of these landmarks: each says which it is
  ph.setAttribute("aria-label", t("UNO position, not loaded yet: {0}", goal || t("try a move")));
  ph.querySelector("button").addEventListener("click", function () { start("click"); });
  // body.dataset.pyWait says what the placeholder waits for (the tests wait for it before they
  // check that nothing has loaded): "click", or "visible" once the observer has first reported
  if (params.get("start") === "click" || !("IntersectionObserver" in window)) {
    body.dataset.pyWait = "click";
    return;
  }
  var seen = new IntersectionObserver(function (entries) {
    for (var i = 0; i < entries.length; i++) {
      if (entries[i].isIntersecting) { seen.disconnect(); start("visible"); return; }
    }
    if (!started) body.dataset.pyWait = "visible";
  }, {threshold: 0.2});
  seen.observe(ph);
})();
