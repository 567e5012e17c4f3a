// The GUI server without a browser: lines relayed both ways, one engine per session that
// dies with it, a restart, localhost by default, and nothing served from elsewhere.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, test } from "node:test";

import { startServer } from "./gui.mjs";
import { alive, connect, waitGone } from "./server_client.mjs";

let server;
before(async () => (server = await startServer()));
after(() => server.stop());

test("the server binds to 127.0.0.1 unless told otherwise", () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test("protocol lines go both ways, and the engine dies with the session", async () => {
  const s = connect(server.url);
  await s.opened;
  const { pid } = await s.next((m) => m.type === "started");
  assert.ok(alive(pid));
  s.send("isready");
  await s.next((m) => m.type === "line" && m.line === "readyok");
  s.send("setoption name UCI_Variant value bao");
  s.send("query fen");
  const fen = await s.next((m) => m.type === "line" && m.line.startsWith("response"));
  assert.equal(
    fen.line,
    "response 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
  );
  s.send("position fen nonsense");
  const error = await s.next((m) => m.type === "line" && m.line.startsWith("info string"));
  assert.match(error.line, /^info string error: /);
  s.send("frobnicate");
  assert.equal(
    (await s.next((m) => m.type === "error")).message,
    "'frobnicate' is not a command the page may send",
  );
  s.socket.close();
  assert.ok(await waitGone(pid), `engine ${pid} outlived its session`);
});

test("each session has its own engine; a restart replaces it and a dead one is reported", async () => {
  const a = connect(server.url);
  const b = connect(server.url);
  await Promise.all([a.opened, b.opened]);
  const pidA = (await a.next((m) => m.type === "started")).pid;
  const pidB = (await b.next((m) => m.type === "started")).pid;
  assert.notEqual(pidA, pidB);
  a.socket.send(JSON.stringify({ type: "restart" }));
  const pidA2 = (await a.next((m) => m.type === "started")).pid;
  assert.notEqual(pidA2, pidA);
  assert.ok(await waitGone(pidA), "the replaced engine still runs");
  process.kill(pidB, "SIGKILL");
  const exited = await b.next((m) => m.type === "exited");
  assert.equal(exited.signal, "SIGKILL");
  b.send("isready");
  assert.match((await b.next((m) => m.type === "error")).message, /not running/);
  a.send("isready");
  await a.next((m) => m.type === "line" && m.line === "readyok");
  a.socket.close();
  b.socket.close();
  assert.ok(await waitGone(pidA2));
});

test("a page from another origin cannot open a session", async () => {
  const s = connect(server.url, { origin: "http://example.com" });
  await assert.rejects(s.opened, /403/);
});

test("only the page's own files are served", async () => {
  const get = (path) =>
    new Promise((resolve, reject) => {
      const request = http.request(new URL(server.url), { path, method: "GET" }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on("error", reject);
      request.end();
    });
  assert.equal(await get("/"), 200);
  assert.equal(await get("/style.css"), 200);
  assert.equal(await get("/js/main.js"), 200);
  assert.equal(await get("/js/../../package.json"), 404);
  assert.equal(await get("/%2e%2e/package.json"), 404);
  assert.equal(await get("/js/%2e%2e/%2e%2e/src/server/main.ts"), 404);
  assert.equal(await get("/nothing.html"), 404);
});
