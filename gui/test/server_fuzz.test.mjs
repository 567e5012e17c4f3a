// Fuzzing the server's WebSocket message handling (issue #20, "Beyond the repairs"):
// random JSON of every type and shape, mutated page commands (line breaks, control and
// non-ASCII characters, `quit`), huge strings and binary frames; seeded and bounded.
// First against the validator alone (its promises checked on every message), then through
// a server: every refused message answered with exactly one error, every accepted one
// relayed, the engine still answering after each batch, and the server alive at the end.
// KETE_GUI_FUZZ_SEED and KETE_GUI_FUZZ_COUNT reproduce or lengthen a run.
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";

import { guiDir } from "./engine.mjs";
import { startServer } from "./gui.mjs";
import { connect } from "./server_client.mjs";

const { parseClientMessage, kMaxLineLength, kMaxHashMiB, kMaxThreads, kMaxPerftDepth } =
  await import(path.join(guiDir, "dist/server/client_message.js"));

const kSeed = Number(process.env.KETE_GUI_FUZZ_SEED ?? 20);
const kCount = Number(process.env.KETE_GUI_FUZZ_COUNT ?? 3000);
const kAllowed = new Set([
  "uci",
  "ugi",
  "isready",
  "setoption",
  "ucinewgame",
  "uginewgame",
  "position",
  "go",
  "stop",
  "query",
  "d",
  "eval",
  "perft",
]);

// mulberry32: a small seeded generator, so that a seed names one run.
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n) => Math.floor(next() * n);
  const pick = (items) => items[below(items.length)];
  return { next, below, pick };
}

// Commands the engine answers at once (no deep perft, no infinite search: the relay must
// go on).
function pageCommand(r) {
  const token = () => r.pick(["A6R", "a1L", "B8R:LR", "A2L", "x", "S"]);
  return r.pick([
    () => "isready",
    () => "uci",
    () => "ugi",
    () => "ucinewgame",
    () =>
      `query ${r.pick(["fen", "moves", "result", "gameover", "p1turn", "islegal A6R", "nothing"])}`,
    () =>
      `setoption name ${r.pick(["UCI_Variant", "MultiPV", "KichwaRule", "Nonsense"])} value ${r.pick(["bao", "kigogo", "3", "-1", "follow", "x"])}`,
    () =>
      `setoption name ${r.pick(["Hash", "hash", "Threads"])} value ${r.pick(["1", "16", "256", "257", "4096", "+8", "0", "x"])}`,
    () => `${r.pick(["perft", "go perft"])} ${r.pick(["1", "2", "7", "30", "030", "-1", "x"])}`,
    () => `position startpos moves ${Array.from({ length: r.below(6) }, token).join(" ")}`,
    () => `position fen ${"2,".repeat(r.below(40))}2 S`,
    () => `go ${r.pick(["depth 1", "nodes 200", "movetime 5", "depth -3", "nodes x"])}`,
    () => "stop",
    () => "d",
    () => "eval",
  ])();
}

function randomString(r, maxLength) {
  const length = r.below(maxLength + 1);
  let out = "";
  for (let i = 0; i < length; ++i) {
    const kind = r.below(10);
    if (kind < 6) out += String.fromCharCode(0x20 + r.below(0x5f));
    else if (kind < 8) out += String.fromCharCode(r.below(0x20));
    else if (kind < 9) out += String.fromCharCode(0x7f + r.below(0x100));
    else out += String.fromCharCode(r.below(0x10000)); // lone surrogates included
  }
  return out;
}

// A page command broken in one way (or, sometimes, left alone).
function mutatedCommand(r) {
  const line = pageCommand(r);
  const at = r.below(line.length + 1);
  const insert = (text) => line.slice(0, at) + text + line.slice(at);
  return r.pick([
    () => line,
    () => insert(r.pick(["\n", "\r", "\r\n", "\0", "\t", "\x1b", "\x7f", "\u2028", "\u0085", "é"])),
    () => insert("\nquit"),
    () => r.pick(["quit", " quit", "bench", "help", "", "   ", "QUIT", "Isready"]),
    () => `setoption name EvalFile value ${randomString(r, 8)}`,
    () => randomString(r, 40),
    () => `${line} ${"A6R ".repeat(r.below(3) ? 10 : 70_000)}`, // the long one is over kMaxLineLength
  ])();
}

function randomValue(r, depth = 0) {
  const kinds = depth > 3 ? 5 : 7;
  switch (r.below(kinds)) {
    case 0:
      return null;
    case 1:
      return r.below(2) === 0;
    case 2:
      return r.pick([0, -1, 1e308, 3.5, 2 ** 53]);
    case 3:
      return randomString(r, 20);
    case 4:
      return mutatedCommand(r);
    case 5:
      return Array.from({ length: r.below(4) }, () => randomValue(r, depth + 1));
    default: {
      const object = {};
      for (let i = r.below(4); i > 0; --i)
        object[
          r.pick([
            "type",
            "line",
            "extra",
            "__proto__",
            "constructor",
            "toString",
            randomString(r, 5),
          ])
        ] = randomValue(r, depth + 1);
      return object;
    }
  }
}

// One message's text, as a page or a hostile client might send it.
function randomMessage(r) {
  return r.pick([
    () => JSON.stringify({ type: "line", line: pageCommand(r) }),
    () => JSON.stringify({ type: "line", line: mutatedCommand(r) }),
    () =>
      JSON.stringify({
        type: r.pick(["line", "restart", "quit", "Line", "", "constructor", "__proto__"]),
        line: randomValue(r),
      }),
    () => JSON.stringify(randomValue(r)),
    () =>
      JSON.stringify({
        type: "line",
        line: pageCommand(r),
        [r.pick(["id", "x", "__proto__"])]: randomValue(r),
      }),
    () => randomString(r, 30),
    () => JSON.stringify({ type: "line", line: pageCommand(r) }).slice(0, r.below(20)),
  ])();
}

test("the validator never throws, and what it accepts is one allowed command on one line", () => {
  const r = generator(kSeed);
  let accepted = 0;
  for (let i = 0; i < kCount * 10; ++i) {
    const text = randomMessage(r);
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      assert.equal(typeof parsed.error, "string");
      assert.ok(parsed.error.length > 0 && parsed.error.length < 300, parsed.error);
      assert.match(parsed.error, /^[\x20-\x7e]+$/, "an error message quotes the client's text raw");
      continue;
    }
    ++accepted;
    const message = parsed.message;
    if (message.type === "restart") {
      assert.deepEqual(JSON.parse(text), { type: "restart" });
      continue;
    }
    assert.equal(message.type, "line");
    assert.deepEqual(Object.keys(JSON.parse(text)).sort(), ["line", "type"]);
    assert.match(message.line, /^[\x20-\x7e]*$/, `accepted ${JSON.stringify(message.line)}`);
    assert.ok(message.line.length <= kMaxLineLength);
    const words = message.line.split(" ").filter(Boolean);
    assert.ok(kAllowed.has(words[0]), `accepted ${JSON.stringify(message.line)}`);
    assert.ok(!/^setoption name (evalfile|prooffile)\b/i.test(words.join(" ")));
    // No more than the machine can give (issue #29, item 14).
    const option = /^setoption name (hash|threads) value (.*)$/i.exec(words.join(" "));
    if (option) {
      const hash = option[1].toLowerCase() === "hash";
      const max = hash ? kMaxHashMiB : kMaxThreads;
      assert.match(option[2], /^[0-9]+$/, `accepted ${JSON.stringify(message.line)}`);
      assert.ok(Number(option[2]) >= 1 && Number(option[2]) <= max, message.line);
      assert.equal(message.hashMiB, hash ? Number(option[2]) : undefined);
    }
    if (words[0] === "perft" || (words[0] === "go" && words.includes("perft"))) {
      const depth = words[words.indexOf("perft") + 1] ?? "";
      assert.match(depth, /^[0-9]+$/, `accepted ${JSON.stringify(message.line)}`);
      assert.ok(Number(depth) >= 1 && Number(depth) <= kMaxPerftDepth, message.line);
    }
  }
  assert.ok(
    accepted > kCount,
    `only ${accepted} messages accepted: the generator hardly reaches the engine`,
  );
});

let server;
before(async () => (server = await startServer()));
after(() => server?.stop());

test("through the server: one error for each refused message, the engine answering throughout", async (t) => {
  const r = generator(kSeed + 1);
  let s;
  let errors = [];
  const open = async () => {
    s = connect(server.url);
    s.socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.type === "error") errors.push(message);
    });
    await s.opened;
    await s.next((m) => m.type === "started");
  };
  await open();
  const kBatch = 100;
  let refused = 0;
  let relayed = 0;
  let oversized = 0;
  let restarts = 0;
  for (let sent = 0; sent < kCount; sent += kBatch) {
    let expectedErrors = 0;
    for (let i = 0; i < kBatch; ++i) {
      const kind = r.below(200);
      if (kind === 0) {
        s.socket.send(Buffer.from(randomString(r, 10)), { binary: true });
        ++expectedErrors;
        continue;
      }
      if (kind === 2) {
        s.socket.send(JSON.stringify({ type: "restart" }));
        await s.next((m) => m.type === "started");
        ++restarts;
        continue;
      }
      const text =
        kind === 1 ? JSON.stringify({ type: "line", line: "x".repeat(1 << 20) }) : randomMessage(r);
      if (kind === 1) {
        // Over the 1 MiB message limit: that connection ends (1009), the server does not.
        s.socket.send(text);
        assert.equal((await s.closed).code, 1009);
        assert.equal(errors.length, expectedErrors, JSON.stringify(errors.slice(0, 5)));
        refused += expectedErrors;
        ++oversized;
        await open();
        expectedErrors = 0;
        errors = [];
        continue;
      }
      const parsed = parseClientMessage(text);
      if (parsed.ok && parsed.message.type === "restart") {
        // A restart's "started" is awaited so that the batch's errors are counted after it.
        s.socket.send(text);
        await s.next((m) => m.type === "started");
        ++restarts;
        continue;
      }
      if (parsed.ok) ++relayed;
      else ++expectedErrors;
      s.socket.send(text);
    }
    // The engine's answer to a query no random message asks: everything before it is in.
    s.send(`query sync-${sent}`);
    await s.next((m) => m.type === "line" && m.line.includes(`'sync-${sent}'`), 20000);
    assert.equal(errors.length, expectedErrors, JSON.stringify(errors.slice(0, 5)));
    errors = [];
    s.messages.length = 0;
    refused += expectedErrors;
  }
  t.diagnostic(
    `seed ${kSeed}: ${kCount} messages, ${refused} refused, ${relayed} relayed, ${restarts} restarts, ${oversized} over 1 MiB`,
  );
  s.socket.close();
  assert.equal(server.child.exitCode, null, "the server died");
});
