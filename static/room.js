// The room page's glue (docs/rooms-browser.md): boots Python (Pyodide, without PyScript),
// carries texts between the room screen (uno_web/web/room_screen.py, which owns the state and
// the intents) and the other browsers (Trystero over WebTorrent relays, WebRTC data channels),
// keeps what the screen asks in localStorage, and draws the HTML it returns.
import {loadPyodide} from "../static/interpreter.mjs";
import {joinRoom, selfId} from "../static/vendor/trystero/torrent.mjs";
import qrcode from "../static/vendor/qrcode/qrcode.mjs";

const config = window.unoWebRoomConfig;
const relays = window.unoWebRoomRelays || [];
const main = document.getElementById("room-main");
const params = new URLSearchParams(location.search);
const path = location.pathname;
const scope = path.slice(0, path.lastIndexOf("/") + 1) || "/";
const lang = (params.get("lang") || navigator.language || "en").toLowerCase().startsWith("fi") ? "fi" : "en";
document.documentElement.lang = lang;
if (lang === "fi") {  // until Python draws the screen (its texts: uno_web/web/room_screen.py)
  document.title = "UNO ystävien kanssa verkossa — uno_web";
  main.innerHTML = "<h1>Pelaa ystävien kanssa verkossa</h1><p>Ladataan…</p>";
}

// test hooks: every text received from another browser, and a hook over every text sent;
// helloLost: how many of the host's next "host" greetings are not sent (a greeting lost on the
// way, which the guest's "who" makes up for)
const hooks = window.unoRoom = {selfId, received: [], sent: [], outgoing: null, room: null, hostPeer: null,
                                moves: [], shown: [], joins: [], helloLost: 0};

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;
const isLoopback = (relay) => LOOPBACK.test(new URL(relay).hostname);
// A room whose relays all run on this machine connects only on this machine: every browser
// offers its UDP host candidates at 127.0.0.1 (Chromium's sockets listen on every address, and
// it gathers no loopback candidate of its own) and nothing else (no other interface, no STUN).
const HOST_UDP = /^(a=)?candidate:(\S+) (\d+) udp (\d+) (\S+) (\d+) typ host(.*)$/i;
const toLoopback = (line) => {
  const m = HOST_UDP.exec(line);
  return m ? `${m[1] || ""}candidate:${m[2]} ${m[3]} udp ${m[4]} 127.0.0.1 ${m[6]} typ host${m[7]}` : null;
};
const keepLoopback = (sdp) => sdp.split("\r\n").flatMap((line) => {
  if (!line.startsWith("a=candidate:")) return [line];
  const kept = toLoopback(line);
  return kept ? [kept] : [];
}).join("\r\n");

class LoopbackPeerConnection extends RTCPeerConnection {
  get localDescription() {
    const d = super.localDescription;
    return d && {type: d.type, sdp: keepLoopback(d.sdp), toJSON() { return {type: this.type, sdp: this.sdp}; }};
  }
  setRemoteDescription(d) {
    return super.setRemoteDescription(d && d.sdp ? {type: d.type, sdp: keepLoopback(d.sdp)} : d);
  }
  addIceCandidate(c) {
    if (!c || !c.candidate) return super.addIceCandidate(c);
    const kept = toLoopback(c.candidate);
    if (!kept) return Promise.resolve();
    return super.addIceCandidate({candidate: kept, sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex});
  }
}

// The host's key pins the host: the link the host shares carries pin=, the SHA-256 of the
// host's ECDSA P-256 public key (SPKI, base64url).  A guest believes a peer that says "I am the
// host" only once it has signed the guest's random nonce together with the DTLS fingerprint of
// its end of that very connection (docs/rooms-browser.md, "Who is the host").
const ECDSA = {name: "ECDSA", namedCurve: "P-256"};
const SIGN = {name: "ECDSA", hash: "SHA-256"};
const pin = params.get("pin");
const b64u = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64u = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4)), (c) => c.charCodeAt(0));
const fingerprint = (sdp) => {  // the DTLS certificate's fingerprint an SDP names
  const m = /^a=fingerprint:(\S+) (\S+)\s*$/m.exec(sdp || "");
  return m ? `${m[1].toLowerCase()} ${m[2].toUpperCase()}` : "";
};
const statement = (roomId, nonce, fp) => new TextEncoder().encode(JSON.stringify(["uno-web-room/host/v1", roomId, nonce, fp]));
let hostKey = null;  // the host's page: a promise of {privateKey, spki, pin}
const pending = new Map();  // a guest's page: peer -> the nonce it was sent
const proofs = new Map();  // the host's page: peer -> proofs given (bounded)

async function loadHostKey(roomId) {
  const key = `uno_web.room.hostkey.v1:${scope}:${roomId}`;
  let jwk = null;
  try { jwk = JSON.parse(localStorage.getItem(key) || "null"); } catch (err) { jwk = null; }
  let privateKey = null, publicKey = null;
  if (jwk && jwk.kty === "EC" && jwk.d) {
    try {
      privateKey = await crypto.subtle.importKey("jwk", {kty: "EC", crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d}, ECDSA, false, ["sign"]);
      publicKey = await crypto.subtle.importKey("jwk", {kty: "EC", crv: jwk.crv, x: jwk.x, y: jwk.y}, ECDSA, true, ["verify"]);
    } catch (err) { privateKey = null; }
  }
  if (!privateKey) {  // a new room (or a key that cannot be read): a new key, kept with the room
    const pair = await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"]);
    privateKey = pair.privateKey;
    publicKey = pair.publicKey;
    try { localStorage.setItem(key, JSON.stringify(await crypto.subtle.exportKey("jwk", privateKey))); } catch (err) { /* blocked: a reload gets a new key */ }
  }
  const spki = await crypto.subtle.exportKey("spki", publicKey);
  return {privateKey, spki: b64u(spki), pin: b64u(await crypto.subtle.digest("SHA-256", spki))};
}

async function proveHost(peer, nonce) {  // the host's page answers a guest's nonce
  const k = await hostKey;
  const pc = room.getPeers()[peer];
  const fp = pc && pc.localDescription ? fingerprint(pc.localDescription.sdp) : "";
  const sig = await crypto.subtle.sign(SIGN, k.privateKey, statement(hooks.room, nonce, fp));
  return {spki: k.spki, fp, sig: b64u(sig)};
}

async function checkHost(peer, nonce, m) {  // a guest's page checks the answer: "" or why not
  if (!m || typeof m.spki !== "string" || typeof m.sig !== "string" || typeof m.fp !== "string"
      || m.spki.length > 400 || m.sig.length > 200 || m.fp.length > 200) return "malformed";
  let spki, sig, key;
  try { spki = unb64u(m.spki); sig = unb64u(m.sig); } catch (err) { return "malformed"; }
  if (b64u(await crypto.subtle.digest("SHA-256", spki)) !== pin) return "wrong_key";
  const pc = room.getPeers()[peer];
  const remote = pc && pc.remoteDescription ? fingerprint(pc.remoteDescription.sdp) : "";
  if (!remote || remote !== m.fp) return "wrong_channel";
  try { key = await crypto.subtle.importKey("spki", spki, ECDSA, false, ["verify"]); } catch (err) { return "malformed"; }
  return await crypto.subtle.verify(SIGN, key, sig, statement(hooks.room, nonce, m.fp)) ? "" : "bad_signature";
}

let screen = null;
let room = null;
let msgAction = null;
let helloAction = null;
let authAction = null;
let role = null;
let lastHtml = "";
const written = new Map();

function dispatch(event, data) {
  if (event === "card" || event === "move" || event === "colour") hooks.moves.push({t: performance.timeOrigin + performance.now(), event, value: data.value});
  const out = screen.dispatch_json(event, JSON.stringify(data || {}), Date.now() / 1000);
  apply(JSON.parse(out));
}

function send(peer, text) {
  const t = hooks.outgoing ? hooks.outgoing(text, peer) : text;
  hooks.sent.push(t);
  msgAction.send(t, {target: peer});
}

function apply(fx) {
  for (const [peer, text] of fx.send || []) if (msgAction) send(peer, text);
  for (const [key, value] of Object.entries(fx.store || {})) {
    if (written.get(key) === value) continue;
    written.set(key, value);
    try {
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
    } catch (err) { /* storage full or blocked: the room goes on, a reload cannot resume */ }
  }
  if (fx.room && fx.role && !room) connect(fx.room, fx.role);
  if (typeof fx.html === "string" && fx.html !== lastHtml) draw(fx.html);
  if (fx.download) offerFile(fx.download[0], fx.download[1]);
}

function offerFile(name, text) {  // the room log, as a file the command line validates
  const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function roomLink() {
  const url = new URL(location.href);
  const keep = new URLSearchParams();
  keep.set("room", hooks.room);
  if (hooks.pin) keep.set("pin", hooks.pin);
  for (const r of params.getAll("relay")) keep.append("relay", r);
  url.search = keep.toString();
  url.hash = "";
  return url.href;
}

function draw(html) {
  lastHtml = html;
  const next = document.createElement("main");
  next.id = "room-main";
  next.dataset.testid = "room-main";
  next.innerHTML = html;
  window.morphdom(main, next, {
    onBeforeElUpdated(from, to) {
      // what a person is typing stays; the QR code is drawn once
      if (from.tagName === "INPUT" && from.dataset.field && from.type !== "number") return false;
      if (from.classList.contains("room-qr") && from.firstChild) return false;
      if (from.dataset.roomLink && from.dataset.full) return false;  // the whole link, with its pin
      return true;
    },
  });
  drawQr();
}

function drawQr() {  // the host's link, once its key is known
  const qr = main.querySelector(".room-qr");
  if (qr && !qr.firstChild && hooks.room && hooks.pin) {
    const link = roomLink();
    const code = qrcode(0, "M");
    code.addData(link);
    code.make();
    qr.innerHTML = code.createSvgTag({cellSize: 4, margin: 8, scalable: true});
    const a = main.querySelector("[data-room-link]");
    if (a) { a.href = link; a.textContent = link; a.dataset.full = "1"; }
  }
}

function connect(roomId, as) {
  role = as;
  hooks.room = roomId;
  if (!relays.length) return;
  if (params.get("room") !== roomId) {
    const url = new URL(location.href);
    url.searchParams.set("room", roomId);
    history.replaceState(null, "", url.href);
  }
  if (as === "host") {
    hostKey = loadHostKey(roomId);
    hostKey.then((k) => {
      hooks.pin = k.pin;
      const url = new URL(location.href);  // the address bar's link is the shared one too
      url.searchParams.set("pin", k.pin);
      history.replaceState(null, "", url.href);
      drawQr();
    });
  }
  const loop = relays.every(isLoopback);
  const options = {appId: config.appId, relayConfig: {urls: [...relays]},
                   rtcConfig: {iceServers: loop ? [] : config.iceServers.map((s) => ({...s}))}};
  if (loop) options.rtcPolyfill = LoopbackPeerConnection;
  room = joinRoom(options, roomId, {onJoinError: (d) => console.warn("room join:", d && d.error)});
  msgAction = room.makeAction("msg");
  helloAction = room.makeAction("host");
  authAction = room.makeAction("auth");
  hooks.peers = () => Object.keys(room.getPeers());
  room.onPeerJoin = (peer) => {
    hooks.joins.push(peer);
    if (role === "host") {
      dispatch("peer_join", {peer});
      if (hooks.helloLost > 0) hooks.helloLost--;
      else helloAction.send("host", {target: peer});
    } else if (!hooks.hostPeer) {
      // a guest asks as well: the host's "host" may have gone out while this browser's side of
      // the connection was not ready for it (a handshake that timed out under load and was run
      // again); the host answers every "who" with its "host"
      helloAction.send("who", {target: peer});
    }
  };
  room.onPeerLeave = (peer) => { pending.delete(peer); proofs.delete(peer); dispatch("peer_leave", {peer}); };
  msgAction.onMessage = (text, {peerId}) => {
    hooks.received.push(String(text));
    dispatch("message", {peer: peerId, text: String(text)});
    // when each view was on screen (bench/bench_room.py)
    if (String(text).includes('"type":"state"')) hooks.shown.push({t: performance.timeOrigin + performance.now(), text: String(text)});
  };
  helloAction.onMessage = (text, {peerId}) => {  // "host": I am the host, prove it; "who": who is?
    hooks.received.push(String(text));
    if (role === "host") {
      if (String(text) === "who") helloAction.send("host", {target: peerId});
      return;
    }
    if (role !== "guest" || String(text) !== "host" || pending.has(peerId)) return;
    if (!pin) { dispatch("host_refused", {peer: peerId, reason: "no_pin"}); return; }
    const nonce = b64u(crypto.getRandomValues(new Uint8Array(32)));
    pending.set(peerId, nonce);
    authAction.send(JSON.stringify({nonce}), {target: peerId});
  };
  authAction.onMessage = async (text, {peerId}) => {
    hooks.received.push(String(text));
    let m = null;
    try { m = JSON.parse(String(text).slice(0, 2000)); } catch (err) { m = null; }
    if (role === "host") {
      const given = proofs.get(peerId) || 0;
      if (!m || typeof m.nonce !== "string" || m.nonce.length > 64 || given >= 20) return;
      proofs.set(peerId, given + 1);
      authAction.send(JSON.stringify(await proveHost(peerId, m.nonce)), {target: peerId});
      return;
    }
    const nonce = pending.get(peerId);
    if (!nonce) return;
    pending.set(peerId, "");  // one answer per nonce
    const why = await checkHost(peerId, nonce, m);
    if (why) { dispatch("host_refused", {peer: peerId, reason: why}); return; }
    hooks.hostPeer = peerId;
    dispatch("host_announce", {peer: peerId});
  };
  hooks.sendRaw = (text, peer) => msgAction.send(text, {target: peer || hooks.hostPeer});
  hooks.digest = () => String(screen.game_digest());
  // the selected candidate pair of every connection (a test checks that a loopback room
  // stays on 127.0.0.1)
  hooks.pairs = async () => {
    const out = [];
    for (const pc of Object.values(room.getPeers())) {
      const stats = await pc.getStats();
      const byId = new Map();
      stats.forEach((s) => byId.set(s.id, s));
      stats.forEach((s) => {
        if (s.type === "transport" && s.selectedCandidatePairId) {
          const pair = byId.get(s.selectedCandidatePairId);
          const local = byId.get(pair.localCandidateId), remote = byId.get(pair.remoteCandidateId);
          out.push({local: local.address || local.ip, remote: remote.address || remote.ip});
        }
      });
    }
    return out;
  };
}

function fields(from) {
  const data = {};
  const section = from.closest("section") || main;
  section.querySelectorAll("[data-field]").forEach((el) => { data[el.dataset.field] = el.value; });
  return data;
}

main.addEventListener("click", (ev) => {
  const el = ev.target.closest("button[data-action]");
  if (!el || !screen) return;
  const action = el.dataset.action;
  if (action === "card") dispatch("card", {value: el.dataset.card});
  else if (action === "create" || action === "join") dispatch(action, {...fields(el), as_role: el.dataset.value});
  else dispatch(action, {value: el.dataset.value});
});
main.addEventListener("change", (ev) => {
  const el = ev.target;
  if (!screen || !el.dataset || !el.dataset.action) return;
  if (el.dataset.action === "seat") dispatch("seat", {seat: Number(el.dataset.seat), value: el.value});
  else if (el.dataset.action === "spectators") dispatch("spectators", {value: el.checked});
});
// the table's keys (the validator's hints name them): D draw, K keep, A take the cards,
// C challenge, U call UNO; not while typing a name
const KEYS = {d: "D", k: "K", a: "A", c: "X", u: "U"};
addEventListener("keydown", (ev) => {
  if (!screen || ev.ctrlKey || ev.metaKey || ev.altKey || ev.target.closest("input, select, textarea")) return;
  const letter = KEYS[ev.key.toLowerCase()];
  const el = letter && main.querySelector(`[data-testid=room-move-${letter}]`);
  if (el) { ev.preventDefault(); el.click(); }
});
addEventListener("pagehide", () => { if (room) room.leave(); });

// The modules' zip, fetched once: static/interpreter.mjs keys the memory snapshot by it (a room
// page boots from the snapshot the table made; without this it found no key, took the snapshot
// for a damaged one and deleted it), and the room's Python imports from it.
let bundle = null;
window.unoWebBundle = () => bundle || (bundle = fetch("../static/bundle/uno_web.zip", {credentials: "same-origin"})
  .then((response) => {
    if (!response.ok) throw new Error("the game's Python modules could not be loaded: HTTP " + response.status);
    return response.arrayBuffer();
  }).then((buffer) => new Uint8Array(buffer)));
// A room page never makes a snapshot itself (its CSP has no worker-src; the table page makes it).
window.unoWebSnapshotAuto = false;

async function boot() {
  window.unoWebBundle().catch(() => {});  // started beside Pyodide; a failure is reported below
  const pyodide = await loadPyodide();
  pyodide.FS.writeFile("/home/pyodide/uno_web.zip", await window.unoWebBundle());
  pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide/uno_web.zip')");
  const mod = pyodide.pyimport("uno_web.web.room_screen");
  const roomId = params.get("room");
  const stored = {};
  if (roomId) {
    for (const kind of ["host", "guest"]) {
      const key = `uno_web.room.${kind}.v1:${scope}:${roomId}`;
      try { const v = localStorage.getItem(key); if (v !== null) { stored[key] = v; written.set(key, v); } } catch (err) { /* blocked */ }
    }
  }
  screen = mod.make_screen(JSON.stringify({room: roomId, lang, scope, stored, now: Date.now() / 1000,
                                           relay_error: window.unoWebRoomRelayProblem || ""}));
  apply(JSON.parse(screen.start_effects().to_json()));
  setInterval(() => dispatch("tick", {}), 100);
  document.body.dataset.ready = "1";
}

boot().catch((err) => {
  console.error(err);
  main.textContent = String(err && err.message || err);
});
