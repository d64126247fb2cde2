// The online rooms' relays and STUN servers: the ONE place they are named (docs/rooms-browser.md).
// Relays are WebTorrent trackers: they only introduce the browsers of a room to each other
// (signalling); the game's messages then go browser to browser over WebRTC data channels.
// A room link may name other relays (relay=wss://…, repeated); static/room-csp.js checks them
// and writes the page's Content-Security-Policy so that it may connect to those relays only.
window.unoWebRoomConfig = Object.freeze({
  appId: "uno-web-rooms-v1",
  relays: Object.freeze([
    "wss://tracker.webtorrent.dev",
    "wss://tracker.openwebtorrent.com",
    "wss://tracker.btorrent.xyz",
  ]),
  // for browsers behind NAT; a room whose relays are all on this machine uses none
  iceServers: Object.freeze([
    Object.freeze({urls: "stun:stun.l.google.com:19302"}),
    Object.freeze({urls: "stun:stun.cloudflare.com:3478"}),
  ]),
});
