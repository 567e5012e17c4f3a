// The page's files: static/ (HTML, CSS) at the root and the compiled page scripts under
// /js/. Nothing outside those two folders is ever served.
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

const kTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

export class StaticFiles {
  constructor(
    private readonly staticDir: string,
    private readonly scriptDir: string,
  ) {}

  // `urlPath`: the request's path, already parsed (request_guard.ts, requestPath).
  async serve(request: IncomingMessage, urlPath: string, response: ServerResponse): Promise<void> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    const file = this.resolve(urlPath);
    if (!file) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        "Content-Type": kTypes[path.extname(file)] ?? "application/octet-stream",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
      response.end(request.method === "HEAD" ? undefined : body);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
    }
  }

  // The file a URL path names, or null when it names nothing we serve.
  private resolve(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes("\0")) return null;
    if (decoded === "/") decoded = "/index.html";
    const [root, rest] = decoded.startsWith("/js/")
      ? [this.scriptDir, decoded.slice(4)]
      : [this.staticDir, decoded.slice(1)];
    const file = path.resolve(root, rest);
    return file.startsWith(root + path.sep) ? file : null;
  }
}
