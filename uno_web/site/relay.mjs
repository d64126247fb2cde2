// A WebTorrent tracker (npm `bittorrent-tracker`, WebSocket only) for the online rooms:
//   node relay.mjs PORT [HOST]      (python -m uno_web.site.relay installs and starts it)
// It only introduces the browsers of a room to each other; the game never passes through it.
import Server from "bittorrent-tracker/server";

const port = Number(process.argv[2] || 8765);
const host = process.argv[3] || "127.0.0.1";
// interval: browsers announce again every 10 s (Trystero's shortest).  Two browsers that both
// have offers out answer only one way round (the lower peer id waits for the other's offer),
// so a newcomer reaches a browser that was there first at that browser's next announce: with
// the trackers' usual 120 s that can be two minutes.
const server = new Server({udp: false, http: false, ws: true, stats: false, trustProxy: false,
                           interval: 10_000});
server.on("error", (err) => console.error("relay error:", err.message));
server.on("warning", (err) => console.error("relay warning:", err.message));
server.listen(port, host, () => console.log(`relay listening on ws://${host}:${port}`));
