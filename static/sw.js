// uno_web's service worker: the whole site offline after one visit (docs/deployment.md,
// "Offline and installable").
//
// This file is kept in static/ but SERVED FROM THE SITE ROOT as ./sw.js: the assembled site
// (python -m uno_web.site.assemble OUT_DIR, what GitHub Pages gets) has it at OUT_DIR/sw.js and
// `python -m uno_web serve` answers /sw.js with it.  static/register-sw.js registers it from
// there with the scope "./", the site root, which a worker may control without a
// Service-Worker-Allowed header (GitHub Pages cannot send one); a project site under a sub-path
// (https://USER.github.io/REPO/) works the same.
//
// static/sw-precache.js is written by the build (uno_web/site/precache.py, not in git): the
// list of files the site loads and a version, a hash of their contents and of this file.  The
// browser compares this script and the scripts it imports byte for byte on every update check,
// so a deploy that changes any file installs a new worker; it fills the cache
// "uno_web-<version>" and, when it activates, deletes every other uno_web cache.
//
// Strategy: cache first for the precached files (a navigation to the root or to index.html
// with any query is answered with index.html), the network for anything else.  Nothing from
// another origin is ever cached (the site makes no such request).
importScripts("./static/sw-precache.js");

var PRECACHE = self.UNO_PRECACHE;
var PREFIX = "uno_web-";
var CACHE = PREFIX + PRECACHE.version;
// the site root: the directory this file is served from (the precache names are relative to it)
var ROOT = new URL("./", self.location.href).href;

function urlOf(name) { return new URL(name, ROOT).href; }

var PRECACHED = new Set(PRECACHE.files.map(urlOf));
var opened = null;  // this worker's cache, opened once per worker start
function ourCache() { return opened || (opened = caches.open(CACHE)); }

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      // "no-cache": revalidate with the server, never take a stale copy from the HTTP cache
      return cache.addAll(PRECACHE.files.map(function (name) {
        return new Request(urlOf(name), {cache: "no-cache"});
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf(PREFIX) === 0 && key !== CACHE;
      }).map(function (key) { return caches.delete(key); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;  // the network, uncached
  var key = url.origin + url.pathname;
  if (request.mode === "navigate" && (key === ROOT || key === urlOf("index.html"))) {
    key = urlOf("index.html");
  } else if (!PRECACHED.has(key) || url.search) {
    return;  // not ours: the browser's default (network)
  }
  event.respondWith(
    ourCache().then(function (cache) {
      return cache.match(key);
    }).then(function (hit) { return hit || fetch(request); })
  );
});
