// Registers the service worker once the page is ready, so that its install (every file of the
// site, ~17 MB, mostly revalidated from the HTTP cache) does not compete with the first boot.
// The worker is ../sw.js relative to this script, i.e. sw.js at the site root (static/sw.js in
// git, put there by `python -m uno_web.site.assemble` and answered there by
// `python -m uno_web serve`), with the scope "../", the site root: a worker may control its own
// directory without a Service-Worker-Allowed header, which GitHub Pages cannot send.  Both are
// resolved against this script's URL, not the page's, so any page that includes it (at the
// root, or in static/) registers the same worker, also under a sub-path (USER.github.io/REPO/).
// Only on http(s) (a file:// page cannot have one) and never inside an embed (?embed=1 or any
// iframe): an embed on another site would register our worker in that site's partitioned
// storage and download the whole site for one position.  An embed on a browser that already has
// the worker is still served by it.
(function () {
  if (!("serviceWorker" in navigator)) return;
  if (location.protocol !== "https:" && location.protocol !== "http:") return;
  if (/[?&]embed=1(&|$)/.test(location.search) || window.top !== window.self) return;

  var script = document.currentScript;  // set while a classic (also a deferred) script runs
  var here = script && script.src ? script.src : new URL("static/register-sw.js", location.href).href;
  var worker = new URL("../sw.js", here).href;
  var scope = new URL("../", here).href;

  function register() {
    var done = navigator.serviceWorker.register(worker, {scope: scope, updateViaCache: "none"});
    // Playwright's serviceWorkers: "block" replaces register() with one that gives undefined
    Promise.resolve(done).catch(function (err) {
      console.warn("uno_web: service worker not registered (the site will not work offline):", err);
    });
  }

  function whenReady() {
    if (document.body.dataset.ready === "1") { register(); return; }
    var seen = new MutationObserver(function () {
      if (document.body.dataset.ready === "1") { seen.disconnect(); register(); }
    });
    seen.observe(document.body, {attributes: true, attributeFilter: ["data-ready"]});
  }

  if (document.body) whenReady();
  else addEventListener("DOMContentLoaded", whenReady);
})();
