// The saved game, sealed: localStorage holds it encrypted (AES-GCM) with a key that is kept in
// IndexedDB as a non-extractable CryptoKey, so a browser's storage viewer shows no hand, no
// deck order and no seed, and a save written or changed by hand does not open
// (docs/security.md, "Saved games"). Each save carries a number that grows with every save;
// the highest number stored so far is kept in IndexedDB next to the key (one record: deleting
// it deletes the key too), and a save whose number is lower (an earlier copy put back) is
// refused. The number is authenticated with the save (AES-GCM additional data, with the
// storage key the save belongs to), so it cannot be raised by hand. Code run in the page
// (devtools' console) can still use the key: nothing on one's own machine is secret from
// oneself, but the storage viewers alone neither read nor roll back a save.
// uno_web/web/controller.py calls window.unoWebVault.seal / commit / open; a refusal's message
// is a reason code that uno_web/web/stored.py turns into words.
(function () {
  "use strict";
  var DB = "uno_web", STORE = "keys", RECORD = "save-v2", PREFIX = "sealed2:";
  var OLD_PREFIXES = ["sealed1:"];
  var available = !!(window.crypto && window.crypto.subtle && window.indexedDB && window.isSecureContext);
  var created = null;  // the record, once this page has made or found it
  var highest = 0;  // the highest number this page has handed out

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
  function valid(rec) {
    return !!(rec && typeof rec === "object" && rec.key && typeof rec.counter === "number");
  }
  // the record {key, counter}: as stored now (each call reads it again: another tab may have
  // saved meanwhile), made on first use when `create`
  function record(create) {
    return openDb().then(function (db) {
      return request(db.transaction(STORE).objectStore(STORE).get(RECORD)).then(function (found) {
        if (valid(found) || !create) return valid(found) ? found : null;
        if (!created) {
          created = crypto.subtle.generateKey({name: "AES-GCM", length: 256}, false, ["encrypt", "decrypt"])
            .then(function (made) {
              var rec = {key: made, counter: 0};
              var tx = db.transaction(STORE, "readwrite");
              return request(tx.objectStore(STORE).put(rec, RECORD)).then(function () { return rec; });
            });
        }
        return created;
      });
    });
  }
  // raise the stored counter to n (never lower it)
  function raise(n) {
    return openDb().then(function (db) {
      var tx = db.transaction(STORE, "readwrite");
      var store = tx.objectStore(STORE);
      return request(store.get(RECORD)).then(function (rec) {
        if (!valid(rec) || rec.counter >= n) return null;
        return request(store.put({key: rec.key, counter: n}, RECORD));
      });
    });
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
  function refusal(code) { return new Error(code); }
  // the additional data a save is sealed with: where it is stored and its number
  function context(slot, n) { return new TextEncoder().encode(String(slot) + "\n" + n); }
  // "sealed2:N:IV:DATA" -> {n, iv, data} (null when it is not such a text)
  function parts(text) {
    var rest = String(text).slice(PREFIX.length).split(":");
    if (rest.length !== 3 || !/^[1-9][0-9]{0,14}$/.test(rest[0])) return null;
    try {
      return {n: Number(rest[0]), iv: fromB64(rest[1]), data: fromB64(rest[2])};
    } catch (err) {
      return null;
    }
  }

  window.unoWebVault = {
    available: available,
    prefix: PREFIX,
    isSealed: function (text) { return typeof text === "string" && text.indexOf(PREFIX) === 0; },
    isOld: function (text) {
      return typeof text === "string" && OLD_PREFIXES.some(function (p) { return text.indexOf(p) === 0; });
    },
    // the text sealed for storage under `slot`, with the next number
    seal: function (text, slot) {
      if (!available) return Promise.reject(refusal("no-vault"));
      var iv = crypto.getRandomValues(new Uint8Array(12)), n = 0, k = null;
      return record(true).then(function (rec) {
        n = highest = Math.max(highest, rec.counter) + 1;
        k = rec.key;
        return crypto.subtle.encrypt({name: "AES-GCM", iv: iv, additionalData: context(slot, n)},
                                     k, new TextEncoder().encode(text));
      }).then(function (sealed) {
        return PREFIX + n + ":" + toB64(iv) + ":" + toB64(new Uint8Array(sealed));
      });
    },
    // after a sealed save is stored: from now on no save with a lower number opens
    commit: function (sealed) {
      var p = parts(sealed);
      return p ? raise(p.n) : Promise.resolve(null);
    },
    // the text of a save stored under `slot`, or a rejection whose message is a reason code:
    // no-vault, old, damaged, key-gone, altered, rolled-back
    open: function (text, slot) {
      if (!available) return Promise.reject(refusal("no-vault"));
      if (window.unoWebVault.isOld(text)) return Promise.reject(refusal("old"));
      var p = window.unoWebVault.isSealed(text) ? parts(text) : null;
      if (!p) return Promise.reject(refusal("damaged"));
      var rec = null;
      return record(false).then(function (found) {
        if (!found) throw refusal("key-gone");
        rec = found;
        return crypto.subtle.decrypt({name: "AES-GCM", iv: p.iv, additionalData: context(slot, p.n)},
                                     rec.key, p.data).catch(function () { throw refusal("altered"); });
      }).then(function (plain) {
        if (p.n < rec.counter) throw refusal("rolled-back");
        highest = Math.max(highest, p.n);
        // stored, but the page closed before it was committed: it is the newest save
        return (p.n > rec.counter ? raise(p.n) : Promise.resolve(null)).then(function () {
          return new TextDecoder().decode(plain);
        });
      });
    }
  };
})();
