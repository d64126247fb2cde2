// Registers the service worker (static/sw.js, scope: the site root) once the page is ready, so
// that its install (every file of the site, ~17 MB, mostly revalidated from the HTTP cache)
// does not compete with the first boot.  Only on http(s) (a file:// page cannot have one) and
// never inside an embed (?embed=1 or any iframe): an embed on another site would register our
// worker in that site's partitioned storage and download the whole site for one position.  An
// embed on a browser that already has the worker is still served by it.
(function () {
  if (!("serviceWorker" in navigator)) return;
  if (location.protocol !== "https:" && location.protocol !== "http:") return;
  if (/[?&]embed=1(&|$)/.test(location.search) || window.top !== window.self) return;

  function register() {
    var done = navigator.serviceWorker.register("./static/sw.js", {scope: "./", updateViaCache: "none"});
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
