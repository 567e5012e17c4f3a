// Which HTTP requests and WebSocket upgrades the server answers. The Host header must
// name this server by a loopback name (or one the user allowed) with its own port: a web
// page that rebinds its own domain name to 127.0.0.1 still sends its domain as Host, so
// without this check it could read the page and drive the engine (DNS rebinding, issue
// #20 item 4). An upgrade's Origin, which a browser always sends, must pass the same test,
// so another site open in the same browser cannot talk to the engine either.
import type { IncomingMessage } from "node:http";

// The names of the loopback interface, as a browser sends them in Host (IPv6 without
// its brackets).
const kLoopbackNames = ["127.0.0.1", "localhost", "::1"];

// A name given by the user (--allow-host, KETE_GUI_ALLOWED_HOSTS): a DNS name or an IP
// address, IPv6 with or without brackets.
const kHostName = /^(\[[0-9a-f:.]+\]|[0-9a-z.:-]+)$/;

export type Refusal = { status: 400 | 403; reason: string };

export class RequestGuard {
  private readonly names: Set<string>;
  private port = 0;

  constructor(allowed: readonly string[]) {
    this.names = new Set([...kLoopbackNames, ...allowed.map(normalizeName)]);
  }

  // The port the server listens on, known once it does (`--port 0` picks one).
  listeningOn(port: number): void {
    this.port = port;
  }

  // Why a plain HTTP request is refused, or null.
  checkRequest(request: IncomingMessage): Refusal | null {
    const host = request.headers.host;
    if (host === undefined) return { status: 400, reason: "no Host header" };
    if (!this.allowedHost(host))
      return { status: 403, reason: `the host '${host}' is not served here` };
    return requestPath(request) === null ? { status: 400, reason: "unreadable request URL" } : null;
  }

  // Why a WebSocket upgrade is refused, or null. Clients without Origin (scripts, tests)
  // are not browsers, so no other site speaks through them.
  checkUpgrade(request: IncomingMessage): Refusal | null {
    const refusal = this.checkRequest(request);
    if (refusal) return refusal;
    const origin = request.headers.origin;
    if (origin !== undefined && !this.allowedOrigin(origin))
      return { status: 403, reason: `the origin '${origin}' may not open a session` };
    return null;
  }

  // `name` or `name:port`, `[v6]` or `[v6]:port`; the port, when absent, is HTTP's 80.
  private allowedHost(host: string): boolean {
    const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
    if (!m) return false;
    const port = m[2] === undefined ? 80 : Number(m[2]);
    return port === this.port && this.names.has(normalizeName(m[1]!));
  }

  private allowedOrigin(origin: string): boolean {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // "null" (a sandboxed frame, a file) among others
    }
    return url.protocol === "http:" && this.allowedHost(url.host);
  }
}

// Whether the user may allow `name` (a DNS name or an IP address).
export function isHostName(name: string): boolean {
  return name.length > 0 && name.length <= 253 && kHostName.test(name.toLowerCase());
}

// The path of the request's URL, or null when the URL does not parse (`//`, `http://[`).
export function requestPath(request: IncomingMessage): string | null {
  try {
    return new URL(request.url ?? "/", "http://localhost").pathname;
  } catch {
    return null;
  }
}

function normalizeName(name: string): string {
  const lower = name.toLowerCase();
  return lower.startsWith("[") && lower.endsWith("]") ? lower.slice(1, -1) : lower;
}
