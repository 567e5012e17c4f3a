// The engine's worker of the static site (src/page/engine_worker.ts) refuses exactly what
// the GUI server refuses (src/server/client_message.ts): its checks are a copy, since
// the worker is a classic script and the server's module needs node:os. The worker runs
// in a vm context with a stand-in `self`, not isolated, so its engine never starts: every
// line it accepts is answered "the engine is not running", every other with its refusal.
// Seeded: KETE_GUI_FUZZ_SEED and KETE_GUI_FUZZ_COUNT as server_fuzz.test.mjs.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import vm from "node:vm";

import { guiDir } from "./engine.mjs";

const { parseClientMessage } = await import(path.join(guiDir, "dist/server/client_message.js"));

const kSeed = Number(process.env.KETE_GUI_FUZZ_SEED ?? 27);
const kCount = Number(process.env.KETE_GUI_FUZZ_COUNT ?? 20000);

function worker() {
  const posted = [];
  const self = {
    postMessage: (text) => posted.push(JSON.parse(text)),
    onmessage: null,
    location: { href: "http://127.0.0.1/js/engine_worker.js" },
    crossOriginIsolated: false,
    // The worker allows min(3, processors) search threads, the server all processors:
    // the same bound on this machine's count when it has at most 3.
    navigator: { hardwareConcurrency: Math.min(3, os.availableParallelism()) },
  };
  const source = fs.readFileSync(path.join(guiDir, "dist/page/engine_worker.js"), "utf8");
  vm.runInNewContext(source, { self, URL, importScripts: () => {} });
  assert.equal(posted.shift()?.type, "exited", "the worker says its engine cannot run");
  return {
    verdict(data) {
      self.onmessage({ data });
      assert.equal(posted.length, 1, `one answer to ${JSON.stringify(data).slice(0, 80)}`);
      const answer = posted.shift();
      assert.equal(answer.type, "error");
      return answer.message === "the engine is not running";
    },
  };
}

// mulberry32, as server_fuzz.test.mjs.
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
  return { below, pick: (items) => items[below(items.length)] };
}

const kThreads = Math.min(3, os.availableParallelism());
function line(r) {
  const base = r.pick([
    "isready",
    "uci",
    "ugi",
    "ucinewgame",
    "uginewgame",
    "stop",
    "d",
    "eval",
    "quit",
    "bench",
    "help",
    "ponderhit",
    "query fen",
    "position startpos moves A6R a1L",
    "position fen 2,2 S",
    "go depth 3",
    "go infinite",
    "go perft 3",
    "go depth 2 perft 3",
    `perft ${r.pick(["1", "6", "7", "06", "-1", "x", "", "2 3"])}`,
    `go perft ${r.pick(["1", "6", "7", "x"])}`,
    `setoption name ${r.pick(["Hash", "hash", "HASH"])} value ${r.pick(["1", "256", "257", "0", "+8", "x", ""])}`,
    `setoption name Threads value ${r.pick(["1", String(kThreads), "999", "0", "x"])}`,
    `setoption name ${r.pick(["EvalFile", "evalfile", "ProofFile"])} value /etc/passwd`,
    `setoption name ${r.pick(["UCI_Variant", "MultiPV", "Clear Hash"])}${r.pick(["", " value bao", " value"])}`,
    r.pick(["setoption", "setoption name", "setoption name value 3", "setoption value 3"]),
  ]);
  const at = r.below(base.length + 1);
  return r.pick([
    () => base,
    () => base,
    () => `  ${base}  `,
    () =>
      base.slice(0, at) +
      r.pick(["\n", "\r", "\t", "\0", "\x7f", "é", "\u2028", " "]) +
      base.slice(at),
    () => `${base} ${"A6R ".repeat(r.below(2) ? 3 : 70_000)}`,
    () => "",
  ])();
}

function message(r) {
  const text = line(r);
  return r.pick([
    () => JSON.stringify({ type: "line", line: text }),
    () => JSON.stringify({ type: "line", line: text }),
    () => JSON.stringify({ type: "line", line: text, extra: 1 }),
    () => JSON.stringify({ type: "line" }),
    () => JSON.stringify({ type: "line", line: 3 }),
    () => JSON.stringify({ type: r.pick(["Line", "", "go"]), line: text }),
    () => JSON.stringify([text]),
    () => JSON.stringify(text),
    () => text,
  ])();
}

test("the worker accepts exactly the lines the GUI server accepts", () => {
  const w = worker();
  const r = generator(kSeed);
  let accepted = 0;
  for (let i = 0; i < kCount; ++i) {
    const text = message(r);
    const server = parseClientMessage(text).ok;
    assert.equal(w.verdict(text), server, `seed ${kSeed}, message ${i}: ${text.slice(0, 120)}`);
    if (server) ++accepted;
  }
  // Not a test of nothing: both sides accept and refuse a good share.
  assert.ok(accepted > kCount / 20 && accepted < kCount / 2, `${accepted} of ${kCount} accepted`);
  // The worker takes no restart (its page's channel does), and no text that is not a string.
  assert.equal(w.verdict(JSON.stringify({ type: "restart" })), false);
  for (const data of [42, null, { type: "line", line: "isready" }, ["isready"]])
    assert.equal(w.verdict(data), false);
});
