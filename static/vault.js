// The saved game, sealed: localStorage holds it encrypted (AES-GCM) with a key that is kept in
// IndexedDB as a non-extractable CryptoKey, so a browser's storage viewer shows no hand, no
// deck order and no seed (issue 20; docs/security.md). Code run in the page (devtools) can
// still use the key: nothing on one's own machine is secret from oneself, but ordinary UI and
// storage reveal nothing. uno_web/web/controller.py calls window.unoWebVault.seal / open.
(function () {
  "use strict";
  var DB = "uno_web", STORE = "keys", KEY_ID = "save-v1", PREFIX = "sealed1:";
  var available = !!(window.crypto && window.crypto.subtle && window.indexedDB && window.isSecureContext);
  var keyPromise = null;

  function request(req) {
    return new Promise(function (resolve, reject) {
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }
  function openDb() {
    var req = indexedDB.open(DB, 1);
    req.onupgradeneeded = function () { req.result.createObjectStore(STORE); };
    return request(req);
  }
  function key(create) {
    if (keyPromise) return keyPromise;
    var p = openDb().then(function (db) {
      return request(db.transaction(STORE).objectStore(STORE).get(KEY_ID)).then(function (found) {
        if (found || !create) return found || null;
        return crypto.subtle.generateKey({name: "AES-GCM", length: 256}, false, ["encrypt", "decrypt"])
          .then(function (made) {
            var tx = db.transaction(STORE, "readwrite");
            return request(tx.objectStore(STORE).put(made, KEY_ID)).then(function () { return made; });
          });
      });
    });
    if (create) keyPromise = p;
    return p;
  }
  function toB64(bytes) {
    var s = "";
    for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s);
  }
  function fromB64(text) {
    var s = atob(text), out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  window.unoWebVault = {
    available: available,
    prefix: PREFIX,
    isSealed: function (text) { return typeof text === "string" && text.indexOf(PREFIX) === 0; },
    seal: function (text) {
      if (!available) return Promise.reject(new Error("this browser offers no protected storage here"));
      var iv = crypto.getRandomValues(new Uint8Array(12));
      return key(true).then(function (k) {
        return crypto.subtle.encrypt({name: "AES-GCM", iv: iv}, k, new TextEncoder().encode(text));
      }).then(function (sealed) {
        return PREFIX + toB64(iv) + ":" + toB64(new Uint8Array(sealed));
      });
    },
    // the text, or a rejection whose message says why (key gone, save altered)
    open: function (text) {
      if (!available) return Promise.reject(new Error("this browser offers no protected storage here"));
      var parts = String(text).slice(PREFIX.length).split(":");
      if (parts.length !== 2) return Promise.reject(new Error("the saved game is damaged"));
      return key(false).then(function (k) {
        if (!k) throw new Error("the key that sealed the saved game is gone (site data cleared)");
        var iv, data;
        try { iv = fromB64(parts[0]); data = fromB64(parts[1]); }
        catch (err) { throw new Error("the saved game is damaged"); }
        return crypto.subtle.decrypt({name: "AES-GCM", iv: iv}, k, data).catch(function () {
          throw new Error("the saved game was altered or sealed by another key");
        });
      }).then(function (plain) { return new TextDecoder().decode(plain); });
    }
  };
})();
