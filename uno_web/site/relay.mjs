// A WebTorrent tracker (npm `bittorrent-tracker`, WebSocket only) for the online rooms:
//   node relay.mjs PORT [HOST]      (python -m uno_web.site.relay installs and starts it)
// It only introduces the browsers of a room to each other; the game never passes through it.
import Server from "bittorrent-tracker/server";

const port = Number(process.argv[2] || 8765);
const host = process.argv[3] || "127.0.0.1";
const server = new Server({udp: false, http: false, ws: true, stats: false, trustProxy: false});
server.on("error", (err) => console.error("relay error:", err.message));
server.on("warning", (err) => console.error("relay warning:", err.message));
server.listen(port, host, () => console.log(`relay listening on ws://${host}:${port}`));
