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
// with any query is answered with index.html, or with embed.html for an embed's address,
// ?embed=1; a navigation to embed.html with any query with embed.html), the network for
// anything else.  Nothing from
// another origin is ever cached (the site makes no such request).
//
// Integrity: sw-precache.js carries the SHA-256 of every precached file (the build's manifest
// of hashes).  A cached response is served only after its bytes match it; a cache entry that
// does not (damaged on disk, or replaced by a page script through the Cache Storage API) is
// fetched again from the server, checked, and put back; should the server be out of reach,
// or answer with other bytes (a newer deploy, before this worker is replaced), its answer goes
// to the page uncached, as if there were no worker.  So a bad entry costs one request, never
// every later load.  The same check guards the install.  Hashing ~17 MB with SubtleCrypto
// takes a few ms per boot (docs/deployment.md, "Offline and installable").
importScripts("./static/sw-precache.js");

var PRECACHE = self.UNO_PRECACHE;
var PREFIX = "uno_web-";
var CACHE = PREFIX + PRECACHE.version;
// the site root: the directory this file is served from (the precache names are relative to it)
var ROOT = new URL("./", self.location.href).href;

function urlOf(name) { return new URL(name, ROOT).href; }

var EXPECTED = new Map();  // URL -> SHA-256 (hex) of the file this build ships
PRECACHE.files.forEach(function (name) { EXPECTED.set(urlOf(name), PRECACHE.sha256[name]); });
var opened = null;  // this worker's cache, opened once per worker start
function ourCache() { return opened || (opened = caches.open(CACHE)); }

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
}

// true if the response's bytes are the build's (reads a clone: the response stays unread)
function matches(response, key) {
  return response.clone().arrayBuffer().then(function (body) {
    return crypto.subtle.digest("SHA-256", body);
  }).then(function (digest) { return hex(digest) === EXPECTED.get(key); });
}

// the file from the server, revalidated; put in the cache only if it is the build's
function refetch(cache, key) {
  return fetch(new Request(key, {cache: "no-cache"})).then(function (response) {
    if (!response.ok) return response;
    return matches(response, key).then(function (good) {
      if (!good) return response;  // another deploy's file: served, not cached
      return cache.put(key, response.clone()).then(function () { return response; }, function () { return response; });
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return Promise.all(PRECACHE.files.map(function (name) {
        var key = urlOf(name);
        // "no-cache": revalidate with the server, never take a stale copy from the HTTP cache
        return fetch(new Request(key, {cache: "no-cache"})).then(function (response) {
          if (!response.ok) throw new Error("uno_web: " + name + ": HTTP " + response.status);
          return matches(response, key).then(function (good) {
            // a file of another deploy (the site changed during the install): no worker this time
            if (!good) throw new Error("uno_web: " + name + " does not match this build's hash");
            return cache.put(key, response);
          });
        });
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
  if (request.mode === "navigate" && (key === ROOT || key === urlOf("index.html") || key === urlOf("embed.html"))) {
    // an embed's address of the full page (?embed=1, as embed links were written before
    // embed.html) gets embed.html: the same page, without the start screen it never shows
    key = urlOf(key === urlOf("embed.html") || /[?&]embed=1(&|$)/.test(url.search) ? "embed.html" : "index.html");
  } else if (!EXPECTED.has(key) || url.search) {
    return;  // not ours: the browser's default (network)
  }
  event.respondWith(
    ourCache().then(function (cache) {
      return cache.match(key).then(function (hit) {
        if (!hit) return refetch(cache, key);
        return matches(hit, key).then(function (good) {
          if (good) return hit;  // the cached response itself (Chromium keeps compiled wasm beside it)
          console.warn("uno_web: the cached " + key + " is damaged; fetching it again");
          return refetch(cache, key);
        });
      });
    }).catch(function () { return fetch(request); })
  );
});
