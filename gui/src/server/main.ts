// The GUI server: serves the page and gives every WebSocket connection (one browser
// session) its own engine process, started from the command on the command line.
//
//   node dist/server/main.js [--host 127.0.0.1] [--port 8080] [--allow-host NAME]...
//                            [--hash-budget MIB] -- <engine> [args...]
//
// Nothing a client sends may end the server (issue #20): every message, frame, URL and
// socket error is answered or closes that one connection, and whenever the server does
// exit, its engines go with it (engine_processes.ts).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import { WebSocketServer, type ServerOptions, type WebSocket } from "ws";

import { EngineSession, kCloseGraceMs } from "./engine_session.js";
import { killAllEngines } from "./engine_processes.js";
import { HashBudget } from "./hash_budget.js";
import { isHostName, RequestGuard, requestPath, type Refusal } from "./request_guard.js";
import { StaticFiles } from "./static_files.js";

interface Options {
  host: string;
  port: number;
  allowedHosts: string[];
  hashBudgetMiB: number;
  command: string[];
}

// Host names to serve besides the loopback ones, comma-separated (request_guard.ts).
const kAllowedHostsVariable = "KETE_GUI_ALLOWED_HOSTS";

const kUsage =
  "usage: main.js [--host HOST] [--port PORT] [--allow-host NAME]... [--hash-budget MIB]\n" +
  "               -- ENGINE [ARGS...]\n" +
  "  --allow-host NAME  also serve requests whose Host is NAME (besides 127.0.0.1, localhost\n" +
  `                     and [::1]); repeatable; ${kAllowedHostsVariable} adds a comma-separated list\n` +
  "  --hash-budget MIB  the Hash all sessions may set together (default: half the memory)";

// The largest WebSocket message accepted; a longer one closes its connection (code 1009).
const kMaxPayload = 1 << 20;
// Sessions at once (each one an engine process with its hash table).
const kMaxSessions = 32;
// Addresses that mean "every interface": not a name a browser can send as Host.
const kWildcardHosts = new Set(["0.0.0.0", "::", "[::]"]);

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const options: Options = {
    host: "127.0.0.1",
    port: 8080,
    allowedHosts: [],
    hashBudgetMiB: HashBudget.machineDefault(),
    command: [],
  };
  const fromEnv = env[kAllowedHostsVariable];
  if (fromEnv !== undefined) {
    for (const name of fromEnv
      .split(",")
      .map((n) => n.trim())
      .filter((n) => n !== "")) {
      if (!isHostName(name)) fail(`bad host name '${name}' in ${kAllowedHostsVariable}`);
      options.allowedHosts.push(name);
    }
  }
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i]!;
    if (arg === "--") {
      options.command = argv.slice(i + 1);
      break;
    }
    if (arg === "--host" && i + 1 < argv.length) {
      options.host = argv[++i]!;
    } else if (arg === "--port" && i + 1 < argv.length) {
      const port = Number(argv[++i]);
      if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`bad port '${argv[i]}'`);
      options.port = port;
    } else if (arg === "--allow-host" && i + 1 < argv.length) {
      const name = argv[++i]!;
      if (!isHostName(name)) fail(`bad host name '${name}' for --allow-host`);
      options.allowedHosts.push(name);
    } else if (arg === "--hash-budget" && i + 1 < argv.length) {
      const mib = Number(argv[++i]);
      if (!/^[0-9]+$/.test(argv[i]!) || mib < 1) fail(`bad --hash-budget '${argv[i]}' (MiB)`);
      options.hashBudgetMiB = mib;
    } else if (arg === "--help" || arg === "-h") {
      console.log(kUsage);
      process.exit(0);
    } else if (arg.startsWith("--")) {
      fail(`unknown option '${arg}'`);
    } else {
      options.command = argv.slice(i);
      break;
    }
  }
  if (options.command.length === 0) fail("no engine command given");
  // An address the server was told to bind is a name its users reach it by.
  if (!kWildcardHosts.has(options.host) && isHostName(options.host))
    options.allowedHosts.push(options.host);
  return options;
}

function fail(message: string): never {
  console.error(`kete-gui: ${message}\n${kUsage}`);
  process.exit(2);
}

function refuseRequest(response: ServerResponse, refusal: Refusal): void {
  response.writeHead(refusal.status, { "Content-Type": "text/plain", Connection: "close" });
  response.end(`${refusal.reason}\n`);
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const text =
    { 400: "Bad Request", 403: "Forbidden", 503: "Service Unavailable" }[status] ?? "Error";
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason) + 1}\r\n\r\n${reason}\n`,
  );
}

// Whatever ends the process, the engines end with it. A crash is reported, not survived:
// after an uncaught exception the server's state cannot be trusted.
function killEnginesOnExit(sessions: Set<EngineSession>): void {
  process.on("exit", killAllEngines);
  const shutdown = () => {
    for (const session of sessions) session.terminate();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, shutdown);
  const crash = (e: unknown) => {
    killAllEngines();
    const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
    console.error(`kete-gui: internal error, exiting: ${detail}`);
    process.exit(1);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  // A closed terminal or pipe must not end the sessions.
  process.stdout.on("error", () => {});
  process.stderr.on("error", () => {});
}

function main(): void {
  const options = parseOptions(process.argv.slice(2), process.env);
  const guiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const files = new StaticFiles(path.join(guiDir, "static"), path.join(guiDir, "dist/page"));
  const guard = new RequestGuard(options.allowedHosts);
  const sessions = new Set<EngineSession>();
  const hashBudget = new HashBudget(options.hashBudgetMiB);
  killEnginesOnExit(sessions);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const refusal = guard.checkRequest(request);
    if (refusal) return refuseRequest(response, refusal);
    files.serve(request, requestPath(request)!, response).catch(() => response.destroy());
  });
  // A closing handshake the page does not complete (it does not read) is cut after
  // kCloseGraceMs, not ws's 30 s (closeTimeout is ws 8.23's, not yet in @types/ws).
  const socketOptions: ServerOptions & { closeTimeout: number } = {
    noServer: true,
    maxPayload: kMaxPayload,
    closeTimeout: kCloseGraceMs,
  };
  const sockets = new WebSocketServer(socketOptions);
  sockets.on("error", () => {}); // only its own HTTP server emits this, and it has none

  const open = (ws: WebSocket, socket: Duplex) => {
    const session = new EngineSession(ws, options.command, hashBudget);
    sessions.add(session);
    // The session ends as soon as the page is done with it: at its close frame, at the end
    // of its side of the TCP connection, or when the connection closes, whichever comes
    // first. Not when the closing handshake completes: a page that has stopped reading
    // never takes the server's close frame, and would keep its session and its searching
    // engine until the handshake timed out (issue #29, item 12).
    const end = () => {
      if (!sessions.delete(session)) return;
      session.close();
    };
    ws.on("close", end);
    socket.on("end", end);
    socket.on("close", end);
    // ws reads the peer's close frame in its own 'data' listener, before this one.
    socket.on("data", () => {
      if (ws.readyState !== ws.OPEN) end();
    });
    // A bad frame, bad UTF-8 or an oversized message: ws closes the connection (1002,
    // 1007, 1009) after this event, and 'close' ends the session.
    ws.on("error", () => {});
    ws.on("message", (data, isBinary) => session.receive(isBinary ? "" : String(data), isBinary));
    session.start();
  };

  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => {}); // a peer gone mid-handshake; ws adds its own handling
    const refusal = guard.checkUpgrade(request);
    if (refusal) return refuseUpgrade(socket, refusal.status, refusal.reason);
    if (requestPath(request) !== "/engine")
      return refuseUpgrade(socket, 403, "only /engine is a WebSocket");
    if (sessions.size >= kMaxSessions)
      return refuseUpgrade(socket, 503, `${kMaxSessions} sessions already open`);
    sockets.handleUpgrade(request, socket, head, (ws) => open(ws, socket));
  });

  let listening = false;
  server.on("error", (e) => {
    if (!listening) fail(e.message);
    console.error(`kete-gui: ${e.message}`); // accepting failed (out of file descriptors): go on
  });
  server.listen(options.port, options.host, () => {
    listening = true;
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    guard.listeningOn(port);
    const host = options.host.includes(":") ? `[${options.host}]` : options.host;
    console.log(`kete GUI: http://${host}:${port}/  (engine: ${options.command.join(" ")})`);
  });
}

main();
