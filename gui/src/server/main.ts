// The GUI server: serves the page and gives every WebSocket connection (one browser
// session) its own engine process, started from the command on the command line.
//
//   node dist/server/main.js [--host 127.0.0.1] [--port 8080] -- <engine> [args...]
import { createServer, type IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WebSocketServer } from "ws";

import { EngineSession } from "./engine_session.js";
import { StaticFiles } from "./static_files.js";

interface Options {
  host: string;
  port: number;
  command: string[];
}

const kUsage = "usage: main.js [--host HOST] [--port PORT] -- ENGINE [ARGS...]";

function parseOptions(argv: string[]): Options {
  const options: Options = { host: "127.0.0.1", port: 8080, command: [] };
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
  return options;
}

function fail(message: string): never {
  console.error(`kete-gui: ${message}\n${kUsage}`);
  process.exit(2);
}

// A page from another site must not drive the engine: a browser always sends Origin,
// and it has to name this server. Clients without Origin (scripts, tests) are local.
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const guiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const files = new StaticFiles(path.join(guiDir, "static"), path.join(guiDir, "dist/page"));
  const server = createServer((request, response) => {
    files.serve(request, response).catch(() => response.destroy());
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  const sessions = new Set<EngineSession>();

  server.on("upgrade", (request, socket, head) => {
    if (new URL(request.url ?? "/", "http://localhost").pathname !== "/engine" || !sameOrigin(request)) {
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const session = new EngineSession(ws, options.command);
      sessions.add(session);
      ws.on("message", (data) => session.receive(data.toString()));
      ws.on("close", () => {
        sessions.delete(session);
        session.close();
      });
      session.start();
    });
  });

  const shutdown = () => {
    for (const session of sessions) session.terminate();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  process.on("SIGHUP", shutdown);

  server.on("error", (e) => fail(e.message));
  server.listen(options.port, options.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    const host = options.host.includes(":") ? `[${options.host}]` : options.host;
    console.log(`kete GUI: http://${host}:${port}/  (engine: ${options.command.join(" ")})`);
  });
}

main();
