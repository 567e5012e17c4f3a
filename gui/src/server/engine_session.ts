// One engine process for one browser session: the page's lines go to the engine's stdin,
// the engine's stdout lines come back, one WebSocket message per line. The engine runs in
// its own process group, so ending the session ends it and anything it started.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { WebSocket } from "ws";

// Messages to the page. `line` is one line of the engine's stdout, without its newline.
export type ServerMessage =
  | { type: "started"; pid: number; command: string }
  | { type: "line"; line: string }
  | { type: "stderr"; line: string }
  | { type: "exited"; code: number | null; signal: string | null }
  | { type: "error"; message: string };

// Messages from the page: a protocol line for the engine, or a request for a fresh engine.
export type ClientMessage = { type: "line"; line: string } | { type: "restart" };

// How long an engine has to obey `quit` before its process group is killed.
const kQuitGraceMs = 300;

export class EngineSession {
  private child: ChildProcess | null = null;
  private generation = 0;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly command: readonly string[],
  ) {}

  start(): void {
    const generation = ++this.generation;
    const [program, ...args] = this.command;
    let child: ChildProcess;
    try {
      child = spawn(program!, args, { stdio: ["pipe", "pipe", "pipe"], detached: true });
    } catch (e) {
      this.send({ type: "error", message: `cannot start the engine: ${String(e)}` });
      return;
    }
    this.child = child;
    const current = () => generation === this.generation && !this.closed;
    child.on("error", (e) => {
      if (current()) this.send({ type: "error", message: `engine '${program}': ${e.message}` });
    });
    child.stdin!.on("error", () => {}); // EPIPE when the engine has died; 'close' reports it
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (current()) this.send({ type: "line", line });
    });
    createInterface({ input: child.stderr! }).on("line", (line) => {
      if (current()) this.send({ type: "stderr", line });
    });
    child.on("close", (code, signal) => {
      if (this.child === child) this.child = null;
      if (current()) this.send({ type: "exited", code, signal });
    });
    if (child.pid !== undefined)
      this.send({ type: "started", pid: child.pid, command: this.command.join(" ") });
  }

  // A message from the page; anything malformed is answered with an error, never thrown.
  receive(text: string): void {
    let message: ClientMessage;
    try {
      message = JSON.parse(text) as ClientMessage;
    } catch {
      this.send({ type: "error", message: "the GUI server expects JSON messages" });
      return;
    }
    if (message.type === "restart") {
      this.stopEngine();
      this.start();
    } else if (message.type === "line" && typeof message.line === "string") {
      this.writeLines(message.line);
    } else {
      this.send({ type: "error", message: `unknown message type '${String(message.type)}'` });
    }
  }

  // The session is over (the page closed or the server stops): the engine goes with it.
  close(): void {
    this.closed = true;
    this.stopEngine();
  }

  // The server is exiting: no time for `quit`.
  terminate(): void {
    this.closed = true;
    ++this.generation;
    if (this.child) killGroup(this.child);
    this.child = null;
  }

  private writeLines(text: string): void {
    const stdin = this.child?.stdin;
    if (!this.child || !stdin || stdin.destroyed) {
      this.send({ type: "error", message: "the engine is not running" });
      return;
    }
    // One command per line: a message holding newlines is sent as several lines.
    for (const line of text.split(/\r?\n|\r/)) stdin.write(line + "\n");
  }

  private stopEngine(): void {
    const child = this.child;
    this.child = null;
    ++this.generation;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    if (child.stdin && !child.stdin.destroyed) {
      child.stdin.write("quit\n");
      child.stdin.end();
    }
    const timer = setTimeout(() => killGroup(child), kQuitGraceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      killGroup(child); // whatever the engine itself started
    });
  }

  private send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // the group is already gone
  }
}
