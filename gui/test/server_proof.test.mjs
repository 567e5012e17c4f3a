// A proof file from the page (issue #32, item 8): the GUI server takes its text, never a
// path, writes it to a private file of the session's own, sets the engine's ProofFile to
// it, and removes it with the session. What it refuses never reaches the engine.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, test } from "node:test";

import { startServer } from "./gui.mjs";
import { connect } from "./server_client.mjs";

const kChoose = fs.readFileSync(
  new URL("../../tuning/proofs/kujifunza-choose.proof", import.meta.url),
  "utf8",
);

let server;
before(async () => (server = await startServer()));
after(() => server.stop());

async function session() {
  const s = connect(server.url);
  await s.opened;
  await s.next((m) => m.type === "started");
  s.send("setoption name UCI_Variant value kujifunza");
  s.send("setoption name KichwaRule value choose");
  s.proof = (text) => s.socket.send(JSON.stringify({ type: "proof", text }));
  return s;
}

const proofLine = (m) => m.type === "line" && /^info string (error: )?ProofFile: /.test(m.line);

test("a proof's text is loaded from a private file that goes with the session", async () => {
  const s = await session();
  s.proof(kChoose);
  const loaded = await s.next(proofLine);
  // Two South positions with a line and North's one position between them
  // (docs/solver.md: A1R:RLL b7R B1L:LLL).
  const m = /^info string ProofFile: '(.+\/proof-1\.proof)' loaded: 3 positions proven$/.exec(
    loaded.line,
  );
  assert.ok(m, loaded.line);
  const file = m[1];
  const dir = file.slice(0, file.lastIndexOf("/"));
  assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  assert.equal(fs.statSync(dir).mode & 0o777, 0o700);
  assert.equal(fs.readFileSync(file, "utf8"), kChoose);
  // A changed move fails the engine's checker: its error, naming the server's file.
  s.proof(kChoose.replace("\tA1R:RLL", "\tA2R"));
  const refused = await s.next(proofLine);
  assert.match(refused.line, /^info string error: ProofFile: '.+\/proof-2\.proof': /);
  // The third leaves the newest two.
  s.proof(kChoose);
  await s.next(proofLine);
  assert.deepEqual(fs.readdirSync(dir).sort(), ["proof-2.proof", "proof-3.proof"]);
  s.socket.close();
  await s.closed;
  for (let i = 0; fs.existsSync(dir) && i < 100; ++i) await new Promise((r) => setTimeout(r, 50));
  assert.equal(fs.existsSync(dir), false, `${dir} outlived its session`);
});

test("what is not a proof's text, or too large, is refused before the engine", async () => {
  const s = await session();
  const refusals = [
    [{ type: "proof", text: 3 }, "'text' must be a string (got a number)"],
    [{ type: "proof" }, "'text' must be a string (missing)"],
    [
      { type: "proof", text: "/etc/passwd" },
      "proof file: not a proof file: the first line must be 'kete-proof <version>'",
    ],
    [
      { type: "proof", text: "kete-proof 1\nvariant bao\u0000" },
      "proof file: not a proof file: character 0x00 at offset 24",
    ],
    [
      { type: "proof", text: `kete-proof 1\n${"x".repeat(512 * 1024)}` },
      `proof file: too large (${512 * 1024 + 13} characters, at most ${512 * 1024})`,
    ],
    [
      { type: "proof", text: kChoose, path: "/etc/passwd" },
      "unexpected field 'path' in a 'proof' message",
    ],
  ];
  for (const [message, error] of refusals) {
    s.socket.send(JSON.stringify(message));
    assert.equal((await s.next((m) => m.type === "error")).message, error);
  }
  // A path is still not the page's to name.
  s.send("setoption name ProofFile value /etc/passwd");
  assert.match(
    (await s.next((m) => m.type === "error")).message,
    /may not set the option 'ProofFile'/,
  );
  s.send("isready");
  await s.next((m) => m.type === "line" && m.line === "readyok");
  assert.equal(s.messages.filter(proofLine).length, 0);
  s.socket.close();
});
