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

// test hooks: every text received from another browser, and a hook over every text sent
const hooks = window.unoRoom = {selfId, received: [], sent: [], outgoing: null, room: null, hostPeer: null,
                                moves: [], shown: [], joins: []};

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

let screen = null;
let room = null;
let msgAction = null;
let helloAction = null;
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
      return true;
    },
  });
  const qr = main.querySelector(".room-qr");
  if (qr && !qr.firstChild && hooks.room) {
    const link = roomLink();
    const code = qrcode(0, "M");
    code.addData(link);
    code.make();
    qr.innerHTML = code.createSvgTag({cellSize: 4, margin: 8, scalable: true});
    const a = main.querySelector("[data-room-link]");
    if (a) { a.href = link; a.textContent = link; }
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
  const loop = relays.every(isLoopback);
  const options = {appId: config.appId, relayConfig: {urls: [...relays]},
                   rtcConfig: {iceServers: loop ? [] : config.iceServers.map((s) => ({...s}))}};
  if (loop) options.rtcPolyfill = LoopbackPeerConnection;
  room = joinRoom(options, roomId, {onJoinError: (d) => console.warn("room join:", d && d.error)});
  msgAction = room.makeAction("msg");
  helloAction = room.makeAction("host");
  hooks.peers = () => Object.keys(room.getPeers());
  room.onPeerJoin = (peer) => {
    hooks.joins.push(peer);
    if (role === "host") {
      dispatch("peer_join", {peer});
      helloAction.send("host", {target: peer});
    }
  };
  room.onPeerLeave = (peer) => dispatch("peer_leave", {peer});
  msgAction.onMessage = (text, {peerId}) => {
    hooks.received.push(String(text));
    dispatch("message", {peer: peerId, text: String(text)});
    // when each view was on screen (bench/bench_room.py)
    if (String(text).includes('"type":"state"')) hooks.shown.push({t: performance.timeOrigin + performance.now(), text: String(text)});
  };
  helloAction.onMessage = (text, {peerId}) => {
    hooks.received.push(String(text));
    if (role === "guest") { hooks.hostPeer = hooks.hostPeer || peerId; dispatch("host_announce", {peer: peerId}); }
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
addEventListener("pagehide", () => { if (room) room.leave(); });

async function boot() {
  const pyodide = await loadPyodide();
  const response = await fetch("../static/bundle/uno_web.zip", {credentials: "same-origin"});
  if (!response.ok) throw new Error("the game's Python modules could not be loaded: HTTP " + response.status);
  pyodide.FS.writeFile("/home/pyodide/uno_web.zip", new Uint8Array(await response.arrayBuffer()));
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
