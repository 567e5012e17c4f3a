// The GUI server against hostile clients (issue #20, items 1-5, #18's "line breaks sent
// as separate commands", and issue #29's items on what a session may hold): each case
// once, each on a server of its own, and after each the server still runs and serves a
// fresh session.
import assert from "node:assert/strict";
import os from "node:os";
import { afterEach, test } from "node:test";

import { startServer } from "./gui.mjs";
import {
  alive,
  childrenOf,
  connect,
  frame,
  kBusyPerft,
  rawGet,
  rawSession,
  rawUpgrade,
  rss,
  sleep,
  waitGone,
  waitUntil,
} from "./server_client.mjs";

let server;
afterEach(async () => {
  await server?.stop();
  server = null;
});

const started = (m) => m.type === "started";
const error = (m) => m.type === "error";

// A session with the server: open, its engine started (pid).
async function session() {
  const s = connect(server.url);
  await s.opened;
  const { pid } = await s.next(started);
  return { s, pid };
}

// The server still runs, and a new session gets an engine that answers.
async function stillServes() {
  assert.equal(server.child.exitCode, null, "the server died");
  assert.equal(server.child.signalCode, null, "the server died");
  const { s } = await session();
  s.send("isready");
  await s.next((m) => m.type === "line" && m.line === "readyok");
  s.socket.close();
}

test("#20.1: messages of the wrong type or shape are answered with an error and the session goes on", async () => {
  server = await startServer();
  const { s, pid } = await session();
  const cases = [
    ["null", /JSON object/],
    ["[]", /JSON object/],
    ['[{"type":"line","line":"isready"}]', /JSON object/],
    ["42", /JSON object/],
    ['"isready"', /JSON object/],
    ["true", /JSON object/],
    ["not json", /JSON/],
    ["{}", /'type'/],
    ['{"type":5}', /'type'/],
    ['{"type":null}', /'type'/],
    ['{"type":"quit"}', /unknown message type 'quit'/],
    ['{"type":"line"}', /'line' must be a string/],
    ['{"type":"line","line":5}', /'line' must be a string/],
    ['{"type":"line","line":null}', /'line' must be a string/],
    ['{"type":"line","line":["isready"]}', /'line' must be a string/],
    ['{"type":"line","line":"isready","extra":1}', /unexpected field 'extra'/],
    ['{"type":"restart","line":"x"}', /unexpected field 'line'/],
    [JSON.stringify({ type: "line", line: "x".repeat(300_000) }), /too long/],
    [
      JSON.stringify({ type: "line", line: "isready", pad: "y".repeat(900_000) }),
      /unexpected field 'pad'/,
    ],
  ];
  for (const [text, expected] of cases) {
    s.socket.send(text);
    const answer = await s.next(error);
    assert.match(answer.message, expected, `for ${text.slice(0, 60)}`);
  }
  s.socket.send(Buffer.from('{"type":"line","line":"isready"}'), { binary: true });
  assert.match((await s.next(error)).message, /binary/);
  s.send("isready");
  await s.next((m) => m.type === "line" && m.line === "readyok");
  assert.ok(alive(pid));
  s.socket.close();
  await stillServes();
});

test("#18 broken 1: a line break never splits a message into commands; only the page's commands pass", async () => {
  server = await startServer();
  const { s, pid } = await session();
  const refused = [
    ["startpos\nquit", /control character 0x0a/],
    ["position startpos\r\nquit", /control character 0x0d/],
    ["isready\rquit", /control character 0x0d/],
    ["isready\0", /control character 0x00/],
    ["go\tinfinite", /control character 0x09/],
    ["isready\x7f", /control character 0x7f/],
    ["isready\u2028quit", /non-ASCII/],
    ["isready\u0085", /non-ASCII/],
    ["quit", /'quit' is not a command the page may send/],
    ["  quit  ", /'quit' is not a command the page may send/],
    ["bench", /'bench' is not a command the page may send/],
    ["frobnicate", /'frobnicate' is not a command the page may send/],
    ["", /empty/],
    ["   ", /empty/],
    ["setoption name EvalFile value /etc/passwd", /EvalFile/],
    ["setoption name  evalfile  value x", /EvalFile/],
    ["setoption name ProofFile value /etc/passwd", /ProofFile/],
    ["setoption UCI_Variant bao", /setoption name/],
  ];
  for (const [line, expected] of refused) {
    s.send(line);
    assert.match((await s.next(error)).message, expected, `for ${JSON.stringify(line)}`);
  }
  // What the page sends still reaches the engine, one line each.
  s.send("setoption name UCI_Variant value bao");
  s.send("position startpos moves A6R");
  s.send("query fen");
  const fen = await s.next((m) => m.type === "line" && m.line.startsWith("response"));
  assert.match(fen.line, /^response \S+ N$/);
  s.send("isready");
  await s.next((m) => m.type === "line" && m.line === "readyok");
  assert.ok(alive(pid), "the engine obeyed a client's quit");
  assert.deepEqual(s.messages.filter(error), []);
  s.socket.close();
});

test("#20.2: an unmasked frame, a bad UTF-8 text and a message over 1 MiB close that session only", async () => {
  server = await startServer();
  const other = connect(server.url);
  await other.opened;
  const otherPid = (await other.next(started)).pid;

  const raw = await rawUpgrade(server.url);
  assert.match(raw.status, / 101 /);
  const closed = new Promise((resolve) => raw.socket.on("close", resolve));
  raw.socket.on("error", () => {});
  raw.socket.write(frame('{"type":"line","line":"isready"}', { masked: false }));
  await closed;

  const utf8 = await rawUpgrade(server.url);
  const utf8Closed = new Promise((resolve) => utf8.socket.on("close", resolve));
  utf8.socket.on("error", () => {});
  utf8.socket.write(frame(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])));
  await utf8Closed;

  const big = connect(server.url);
  await big.opened;
  const bigPid = (await big.next(started)).pid;
  big.socket.send("x".repeat((1 << 20) + 1));
  assert.equal((await big.closed).code, 1009);
  assert.ok(await waitGone(bigPid), "the engine outlived its session");

  assert.ok(alive(otherPid));
  other.send("isready");
  await other.next((m) => m.type === "line" && m.line === "readyok");
  other.socket.close();
  await stillServes();
});

test("#20.3: an upgrade or a request with an unparsable URL is refused, not fatal", async () => {
  server = await startServer();
  for (const path of ["//", "http://[", "//a:99999", "\\\\"]) {
    const { status, socket } = await rawUpgrade(server.url, { path });
    assert.match(status, / 400 /, `upgrade of ${path}`);
    socket.destroy();
    assert.equal(await rawGet(server.url, { path }), 400, `GET ${path}`);
  }
  await stillServes();
});

test("#20.4: only loopback Host names with the server's port are served (DNS rebinding)", async () => {
  server = await startServer();
  const port = new URL(server.url).port;
  const upgrade = async (host, origin = `http://${host}`) =>
    (await rawUpgrade(server.url, { headers: { Host: host, Origin: origin } })).status.split(
      " ",
    )[1];
  assert.equal(await upgrade(`attacker.example:${port}`), "403");
  assert.equal(await rawGet(server.url, { headers: { Host: `attacker.example:${port}` } }), 403);
  assert.equal(await upgrade(`127.0.0.1.attacker.example:${port}`), "403");
  assert.equal(await upgrade(`localhost.:${port}`), "403");
  assert.equal(await upgrade(`127.0.0.1:${Number(port) + 1}`), "403");
  assert.equal(await upgrade("127.0.0.1"), "403");
  assert.equal(await upgrade(`127.0.0.1:${port}`, "http://attacker.example"), "403");
  assert.equal(await upgrade(`127.0.0.1:${port}`, "null"), "403");
  assert.equal(await rawGet(server.url, { headers: { Host: undefined } }), 400);
  for (const host of [
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    `LocalHost:${port}`,
    `[::1]:${port}`,
  ]) {
    assert.equal(await upgrade(host), "101", host);
    assert.equal(await rawGet(server.url, { headers: { Host: host } }), 200, host);
  }
});

test("#20.4: a Host name the user allows (--allow-host, KETE_GUI_ALLOWED_HOSTS) is served too", async () => {
  server = await startServer(undefined, {
    serverArgs: ["--allow-host", "bao.example"],
    env: { ...process.env, KETE_GUI_ALLOWED_HOSTS: "kete.example, other.example" },
  });
  const port = new URL(server.url).port;
  for (const [host, status] of [
    [`bao.example:${port}`, 200],
    [`kete.example:${port}`, 200],
    [`other.example:${port}`, 200],
    [`attacker.example:${port}`, 403],
    [`bao.example:${Number(port) + 1}`, 403],
  ]) {
    assert.equal(await rawGet(server.url, { headers: { Host: host } }), status, host);
    const { status: line } = await rawUpgrade(server.url, {
      headers: { Host: host, Origin: `http://${host}` },
    });
    assert.equal(line.split(" ")[1], status === 200 ? "101" : "403", host);
  }
});

// Writes `message` as fast as the server takes it for `ms`, reading nothing back; returns
// the server's peak RSS meanwhile and whether the server closed the connection.
async function floodWithoutReading(raw, message, ms) {
  raw.socket.pause();
  let closed = false;
  raw.socket.on("close", () => (closed = true));
  raw.socket.on("error", () => {});
  const payload = frame(message);
  const batch = Buffer.concat(Array.from({ length: 256 }, () => payload));
  const deadline = Date.now() + ms;
  let peak = rss(server.child.pid);
  while (!closed && Date.now() < deadline) {
    while (!raw.socket.writableNeedDrain && !closed) raw.socket.write(batch);
    await new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        raw.socket.off("drain", done);
        resolve();
      };
      const timer = setTimeout(done, 50);
      raw.socket.once("drain", done);
    });
    peak = Math.max(peak, rss(server.child.pid));
  }
  return { peak, closed };
}

const kMiB = 1 << 20;
// The server's growth allowed by the flood tests (its buffers are capped at a few MiB per
// session; node's heap takes the rest). Measured: 10-15 MiB (uci), 20-30 MiB (perft); the
// server without limits grew by 125-270 MiB in these 6 s.
const kFloodGrowthLimit = 64 * kMiB;

test("#20.5: a client that sends `uci` without reading is bounded and then dropped", async (t) => {
  server = await startServer();
  const raw = await rawUpgrade(server.url);
  assert.match(raw.status, / 101 /);
  // The session's engine started (the server starts it as it accepts the session).
  assert.ok(await waitUntil(() => childrenOf(server.child.pid).length === 1), "no engine");
  const [enginePid] = childrenOf(server.child.pid);
  const start = rss(server.child.pid); // the server with its session, before the flood
  const { peak, closed } = await floodWithoutReading(raw, '{"type":"line","line":"uci"}', 6000);
  raw.socket.destroy();
  t.diagnostic(`server RSS ${start >> 20} MiB, peak ${peak >> 20} MiB`);
  assert.ok(
    peak - start < kFloodGrowthLimit,
    `the server grew from ${start >> 20} to ${peak >> 20} MiB`,
  );
  assert.ok(closed, "the server kept a session that reads nothing");
  assert.ok(await waitGone(enginePid), "the engine outlived its session");
  await stillServes();
});

test("#20.5: flooding an engine that reads nothing (perft) is bounded and then dropped", async (t) => {
  server = await startServer();
  const { s, pid } = await session();
  const start = rss(server.child.pid); // the server with its session, before the flood
  for (const line of kBusyPerft) s.send(line);
  const line = `position startpos moves ${"A6R ".repeat(20_000)}`.trim();
  let peak = start;
  const deadline = Date.now() + 6000;
  while (s.socket.readyState === s.socket.OPEN && Date.now() < deadline) {
    if (s.socket.bufferedAmount < 4 * kMiB) s.send(line);
    await sleep(s.socket.bufferedAmount < 4 * kMiB ? 0 : 5); // let the answers in
    peak = Math.max(peak, rss(server.child.pid));
  }
  t.diagnostic(`server RSS ${start >> 20} MiB, peak ${peak >> 20} MiB`);
  assert.ok(
    peak - start < kFloodGrowthLimit,
    `the server grew from ${start >> 20} to ${peak >> 20} MiB`,
  );
  const closed = await Promise.race([s.closed, sleep(10000).then(() => null)]);
  assert.ok(closed, "the server kept flooding an engine that reads nothing");
  assert.match(
    s.messages
      .filter(error)
      .map((m) => m.message)
      .join("\n"),
    /engine is not reading/,
  );
  assert.equal(closed.code, 1008);
  assert.ok(await waitGone(pid), "the busy engine outlived its session");
  await stillServes();
});

// Issue #29, items 12-14: what one session may hold of the server and the machine.

// ws's close timeout, which the fix must not wait for.
const kCloseTimeoutMs = 30_000;

test("#29.12: a client that stops reading and then closes ends its session and its engine at once", async () => {
  server = await startServer();
  // A WebSocket client with its engine searching stops reading, then closes: the server's
  // close frame never reaches it, so the closing handshake cannot complete.
  const { s, pid } = await session();
  s.send("go infinite");
  await s.next((m) => m.type === "line" && m.line.startsWith("info"));
  s.socket.pause();
  s.socket.close();
  assert.ok(await waitGone(pid, kCloseTimeoutMs / 3), "the engine outlived its closed session");
  s.socket.terminate();

  // The same by hand: a close frame, the connection then held open and never read.
  const raw = rawSession(server.url);
  await raw.opened;
  const rawPid = (await raw.next(started)).pid;
  raw.send("go infinite");
  await raw.next((m) => m.type === "line" && m.line.startsWith("info"));
  raw.socket.pause();
  raw.socket.write(frame(Buffer.from([0x03, 0xe8]), { opcode: 8 })); // 1000, normal closure
  assert.ok(await waitGone(rawPid, kCloseTimeoutMs / 3), "the engine outlived its closed session");
  // And the server lets the connection go, not after its own close timeout.
  raw.socket.resume();
  assert.ok(
    await Promise.race([raw.closed.then(() => true), sleep(kCloseTimeoutMs / 3).then(() => false)]),
    "the server held the connection of a closed session",
  );

  // A client that ends its side of the TCP connection (FIN) without a close frame.
  const half = rawSession(server.url);
  await half.opened;
  const halfPid = (await half.next(started)).pid;
  half.send("go infinite");
  await half.next((m) => m.type === "line" && m.line.startsWith("info"));
  half.socket.pause();
  half.socket.end();
  assert.ok(await waitGone(halfPid, kCloseTimeoutMs / 3), "the engine outlived its closed session");
  half.socket.destroy();
  await stillServes();
});

// The server's cap on engines alive at once (engine_session.ts, kMaxEngines).
const kMaxEngines = 64;

test("#29.13: a burst of restarts replaces one session's engine and starves no other session", async () => {
  server = await startServer();
  const other = await session();
  // Two sessions each send, in one write, as many restarts as the server runs engines,
  // each old engine busy in a long perft (it reads no `quit`, so it is slow to die).
  const bursts = [];
  for (let i = 0; i < 2; ++i) {
    const s = rawSession(server.url);
    await s.opened;
    bursts.push({ s, pids: [(await s.next(started)).pid] });
  }
  for (const { s } of bursts) {
    const busy = kBusyPerft.map((line) => s.message({ type: "line", line }));
    const restart = [...busy, s.message({ type: "restart" })];
    s.socket.write(Buffer.concat(Array.from({ length: kMaxEngines }, () => restart).flat()));
  }
  // Another session's restart is not refused.
  other.s.socket.send(JSON.stringify({ type: "restart" }));
  const restarted = await other.s.next((m) => m.type === "started" || m.type === "error", 15000);
  assert.equal(restarted.type, "started", `the other session's restart: ${restarted.message}`);
  const otherPid = restarted.pid;
  assert.ok(await waitGone(other.pid), "the other session's old engine still runs");
  // Each burst ends with one engine, the last one started, that answers; the others are gone.
  for (const { s, pids } of bursts) {
    while (pids.length <= kMaxEngines) {
      const m = await s.next((m) => m.type === "started" || m.type === "error", 15000);
      assert.equal(m.type, "started", `a restart was refused: ${m.message}`);
      pids.push(m.pid);
    }
    s.send("isready");
    await s.next((m) => m.type === "line" && m.line === "readyok", 15000);
    assert.deepEqual(s.messages.filter(error), []);
    for (const pid of pids.slice(0, -1)) assert.ok(await waitGone(pid), `engine ${pid} still runs`);
  }
  assert.deepEqual(
    childrenOf(server.child.pid).filter(alive).sort(),
    [otherPid, ...bursts.map(({ pids }) => pids.at(-1))].sort(),
  );
  other.s.send("isready");
  await other.s.next((m) => m.type === "line" && m.line === "readyok");
  for (const { s } of bursts) s.socket.destroy();
  other.s.socket.close();
  await stillServes();
});

// Sends `line` then `isready`: the server's error for the line, or null when it passed.
async function refusal(s, line) {
  s.send(line);
  s.send("isready");
  const m = await s.next((m) => m.type === "error" || (m.type === "line" && m.line === "readyok"));
  if (m.type !== "error") return null;
  await s.next((m) => m.type === "line" && m.line === "readyok");
  return m.message;
}

test("#29.14: a page asks no more Hash, Threads or perft depth than the machine can give", async () => {
  server = await startServer(undefined, { serverArgs: ["--hash-budget", "600"] });
  const cpus = os.availableParallelism();
  const a = await session();
  for (const [line, expected] of [
    [
      "setoption name Hash value 4096",
      /^Hash 4096 MiB is more than a session may use: at most 256 MiB$/,
    ],
    ["setoption name  hash  value 257", /^Hash 257 MiB is more than a session may use/],
    ["setoption name Hash value 99999999999999999999", /^Hash 9+ MiB is more than/],
    ["setoption name Hash value +32", /^Hash: expected a whole number in 1\.\.256, got '\+32'$/],
    ["setoption name Hash value 0", /^Hash: expected a whole number in 1\.\.256, got '0'$/],
    ["setoption name Hash value 32 MiB", /^Hash: expected a whole number/],
    ["setoption name Hash", /^Hash: expected a whole number in 1\.\.256, got no value$/],
    [
      "setoption name Threads value 256",
      new RegExp(`^Threads 256 is more than this machine has processors: at most ${cpus}$`),
    ],
    [`setoption name THREADS value ${cpus + 1}`, /^Threads \d+ is more than this machine/],
    [
      "perft 30",
      /^perft 30 is deeper than the GUI server runs \(it cannot be stopped\): at most depth 6$/,
    ],
    ["perft 030", /^perft 030 is deeper/], // kete reads it as 30
    ["perft 7", /^perft 7 is deeper/],
    ["go perft 30", /^go perft 30 is deeper/],
    ["go depth 1 perft 30", /^expected 'go perft <depth>'$/],
    ["perft 3 30", /^expected 'perft <depth>' with a depth in 1\.\.6$/],
    ["perft +3", /^expected 'perft <depth>'/],
    ["perft", /^expected 'perft <depth>'/],
  ]) {
    assert.match((await refusal(a.s, line)) ?? "passed", expected, line);
  }
  // The session goes on, and what the machine can give passes.
  assert.equal(await refusal(a.s, "setoption name Hash value 256"), null);
  assert.equal(await refusal(a.s, `setoption name Threads value ${cpus}`), null);
  a.s.send("setoption name UCI_Variant value kigogo");
  a.s.send("perft 3");
  await a.s.next((m) => m.type === "line" && m.line === "Nodes searched: 7393");
  a.s.send("go perft 2");
  await a.s.next((m) => m.type === "line" && m.line === "Nodes searched: 499");
  assert.ok(!a.s.messages.some((m) => m.type === "line" && /error/.test(m.line)));

  // Together the sessions hold at most the budget (600 MiB here): a holds 256, b 256.
  const b = await session();
  assert.equal(await refusal(b.s, "setoption name Hash value 256"), null);
  const c = await session();
  assert.equal(
    await refusal(c.s, "setoption name Hash value 100"),
    "Hash 100 MiB refused: the server's sessions already hold 512 of its 600 MiB for Hash; " +
      "this session may set at most 88 MiB",
  );
  assert.equal(await refusal(c.s, "setoption name Hash value 88"), null);
  assert.equal(await refusal(c.s, "setoption name Hash value 16"), null); // keeps its 88
  assert.match(await refusal(c.s, "setoption name Hash value 89"), /already hold 512 of its 600/);
  // A restart gives the engine's share back at once.
  a.s.socket.send(JSON.stringify({ type: "restart" }));
  await a.s.next(started);
  assert.equal(await refusal(c.s, "setoption name Hash value 256"), null);
  assert.match(
    await refusal(a.s, "setoption name Hash value 200"),
    /this session may set at most 88 MiB/,
  );
  // A closed session's share comes back when its engine is gone.
  b.s.socket.close();
  assert.ok(await waitGone(b.pid));
  let answer;
  const deadline = Date.now() + 10_000;
  while ((answer = await refusal(a.s, "setoption name Hash value 256")) !== null) {
    assert.match(answer, /already hold 512 of its 600/);
    assert.ok(Date.now() < deadline, "the closed session's Hash was never given back");
  }
  for (const s of [a.s, c.s]) s.socket.close();
  await stillServes();
});
