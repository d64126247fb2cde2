// Trystero's room-level handshake (static/vendor/trystero/core/handshake.mjs) between two
// browsers "a" and "b", wired to each other in memory: node handshake_restart.mjs CORE_DIR
// prints one JSON line {normal, restart, quiet} (tests/room/test_trystero_handshake.py).
//  normal:  both sides start, nothing lost: both become active.
//  restart: a's side never receives b's "ready" and times out while b's completes; a drops the
//           peer and runs the handshake again (what the room does when it binds the connection
//           anew), now with nothing lost: does a become active?
//  quiet:   how many "ready" messages went out after both were active (none may: two active
//           sides must not answer each other for ever).
const core = process.argv[2];
const {createHandshakeManager} = await import(`${core}/handshake.mjs`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function pair(timeoutMs) {
  const sides = {}, active = {a: 0, b: 0}, failed = {a: 0, b: 0}, dropReadyTo = new Set();
  let readies = 0;
  for (const [me, other] of [["a", "b"], ["b", "a"]]) {
    sides[me] = createHandshakeManager({
      handshakeTimeoutMs: timeoutMs,
      sendHandshakeData: async (data, id, meta) => { sides[other].receiveHandshakeData(data, me, meta); },
      sendHandshakeReady: async (data, id) => {
        readies++;
        if (!dropReadyTo.has(other)) setTimeout(() => sides[other].receiveHandshakeReady(me, data), 1);
      },
      onActivate: () => { active[me]++; },
      onFailure: (id) => { failed[me]++; sides[me].clearPeer(id, new Error("failed")); },
    });
  }
  const peer = {a: {}, b: {}};
  const start = (me) => {
    const other = me === "a" ? "b" : "a";
    peer[me] = {};
    sides[me].addPeer(other, peer[me]);
    sides[me].start(other, peer[me]);
  };
  return {sides, active, failed, dropReadyTo, start, readies: () => readies};
}

const out = {};
{
  const p = pair(200);
  p.start("a"); p.start("b");
  await sleep(50);
  out.normal = {a: p.active.a, b: p.active.b};
}
{
  const p = pair(100);
  p.dropReadyTo.add("a");
  p.start("a"); p.start("b");
  await sleep(250);  // a timed out; b is active
  const before = {a: p.active.a, b: p.active.b, aFailed: p.failed.a};
  p.dropReadyTo.clear();
  p.start("a");
  await sleep(250);
  out.restart = {before, a: p.active.a, b: p.active.b, aFailedAgain: p.failed.a - before.aFailed};
  const sent = p.readies();
  await sleep(100);
  out.quiet = p.readies() - sent;
}
console.log(JSON.stringify(out));
