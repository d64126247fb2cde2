// Runs first in static/room.html's <head> (a plain script, before anything else loads): picks
// the room's relays (the link's relay=…, else static/room-config.js), refuses any that is not
// a ws:/wss: address, and adds a Content-Security-Policy whose connect-src lists exactly those
// relays.  room.html's own static policy allows ws: and wss: in general; a second policy can
// only take away, so the page may connect to its own origin and these relays and nothing else.
(function () {
  var config = window.unoWebRoomConfig;
  var params = new URLSearchParams(location.search);
  var asked = params.getAll("relay");
  var relays = [];
  var problem = "";
  (asked.length ? asked : config.relays).slice(0, 8).forEach(function (text) {
    var url;
    try { url = new URL(String(text)); } catch (err) { problem = String(text).slice(0, 80) + " is not an address"; return; }
    if (url.protocol !== "ws:" && url.protocol !== "wss:") { problem = url.href.slice(0, 80) + " is not a ws: or wss: address"; return; }
    if (url.username || url.password) { problem = "a relay address carries no user name or password"; return; }
    if (!/^[a-z0-9.:\[\]-]+$/i.test(url.host)) { problem = url.host.slice(0, 80) + " is not a host name"; return; }
    relays.push(url.protocol + "//" + url.host + url.pathname.replace(/\/$/, ""));
  });
  if (problem) relays = [];
  var origins = relays.map(function (r) { var u = new URL(r); return u.protocol + "//" + u.host; });
  var meta = document.createElement("meta");
  meta.httpEquiv = "Content-Security-Policy";
  meta.content = "connect-src 'self'" + (origins.length ? " " + origins.join(" ") : "");
  document.head.appendChild(meta);
  window.unoWebRoomRelays = Object.freeze(relays);
  window.unoWebRoomRelayProblem = problem;
})();
