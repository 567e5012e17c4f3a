// However the GUI server ends (a signal, a crash, a normal exit), no engine outlives it,
// not even one busy in `go infinite` or `perft` that would never read a `quit` (issue
// #20, item 3). The crash and the normal exit are forced from outside the server's code:
// a module preloaded with `node --import` throws, or calls process.exit, on SIGUSR2. A
// SIGKILL, which the server cannot see, is left to the engines' parent-death signal.
import assert from "node:assert/strict";
import { test } from "node:test";

import { startServer } from "./gui.mjs";
import { alive, connect, cpuTicks, kBusyPerft, waitGone, waitUntil } from "./server_client.mjs";

const kCrashOnSignal = `data:text/javascript,process.on("SIGUSR2", () => { throw new Error("forced crash"); });`;
const kExitOnSignal = `data:text/javascript,process.on("SIGUSR2", () => process.exit(3));`;

// Two sessions: one engine in an infinite analysis, one in a long perft, each seen busy;
// and a third session closed just before, whose engine may still be within its quit
// grace.
async function busyEngines(server) {
  const pids = [];
  for (const commands of [["go infinite"], kBusyPerft, kBusyPerft]) {
    const s = connect(server.url);
    await s.opened;
    const { pid } = await s.next((m) => m.type === "started");
    pids.push(pid);
    if (pids.length === 1) {
      for (const command of commands) s.send(command);
      await s.next((m) => m.type === "line" && m.line.startsWith("info depth "), 10000);
    } else if (pids.length === 2) {
      // The engine has read all before the perft; then it uses CPU time (a perft prints
      // nothing until it ends), which an engine waiting for a line does not.
      for (const command of commands.slice(0, -1)) s.send(command);
      s.send("isready");
      await s.next((m) => m.type === "line" && m.line === "readyok", 10000);
      const before = cpuTicks(pid);
      s.send(commands.at(-1));
      assert.ok(await waitUntil(() => cpuTicks(pid) >= before + 10), "the perft did not start");
    } else {
      for (const command of commands) s.send(command);
      s.socket.close();
    }
  }
  return pids;
}

async function endsWithoutOrphans(how, nodeArgs, kill, expected) {
  const server = await startServer(undefined, { nodeArgs });
  const pids = await busyEngines(server);
  assert.ok(pids.slice(0, 2).every(alive), `${how}: the engines did not start`);
  const exited = new Promise((resolve) =>
    server.child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  server.child.kill(kill);
  assert.deepEqual(await exited, expected, `${how}: the server's exit`);
  for (const pid of pids) {
    const gone = await waitGone(pid);
    if (!gone) process.kill(-pid, "SIGKILL"); // do not leave it to the next test
    assert.ok(gone, `${how}: engine ${pid} (${pids.indexOf(pid)} of ${pids}) outlived the server`);
  }
}

test("SIGTERM ends the server and every engine", async () => {
  await endsWithoutOrphans("SIGTERM", [], "SIGTERM", { code: 0, signal: null });
});

test("SIGINT ends the server and every engine", async () => {
  await endsWithoutOrphans("SIGINT", [], "SIGINT", { code: 0, signal: null });
});

test("an uncaught exception ends the server and every engine", async () => {
  await endsWithoutOrphans("crash", ["--import", kCrashOnSignal], "SIGUSR2", {
    code: 1,
    signal: null,
  });
});

test("process.exit ends every engine", async () => {
  await endsWithoutOrphans("exit", ["--import", kExitOnSignal], "SIGUSR2", {
    code: 3,
    signal: null,
  });
});

test("SIGKILL of the server: the kernel ends every engine (parent-death signal)", async () => {
  await endsWithoutOrphans("SIGKILL", [], "SIGKILL", { code: null, signal: "SIGKILL" });
});
