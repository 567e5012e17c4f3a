// One engine process for one browser session: the page's commands go to the engine's
// stdin, one validated line each (client_message.ts), and the engine's stdout lines come
// back, one WebSocket message per line. The engine runs in its own process group
// (engine_processes.ts), so ending the session ends it and anything it started.
//
// What the session holds is bounded both ways (issue #20, item 5). Towards the page: when
// the socket has more than kOutputHighWater unsent, the engine's output is paused (the
// engine then blocks on its own stdout) until the page has read it down to
// kOutputLowWater; past kOutputHardLimit (the server's own replies to a client that sends
// but never reads) the session is dropped. Towards the engine: past kMaxPendingInput
// bytes or kMaxPendingLines lines not yet taken by an engine that reads nothing (busy in
// `perft`, or blocked by a page that does not read), the session is dropped with an error.
// Dropping kills the engine at once and lets every buffer go.
//
// A proof file from the page (`{type: "proof", text}`, issue #32 item 8) is written to a
// file in a folder of the session's own (mkdtemp in the system's temporary folder, mode
// 0700; the file 0600), and the engine is told `setoption name ProofFile value <that
// file>`: the page never names a path on the server. The folder keeps the newest file and
// the one before it (whose load the newer may still be superseding) and is removed when the
// engine ends (session closed, dropped, restarted).
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { WebSocket } from "ws";

import { parseClientMessage } from "./client_message.js";
import { killGroup, runningEngineCount, spawnEngine } from "./engine_processes.js";
import type { HashBudget, HashShare } from "./hash_budget.js";
import { LineReader } from "./line_reader.js";

// Messages to the page. `line` is one line of the engine's stdout, without its newline.
export type ServerMessage =
  | { type: "started"; pid: number; command: string }
  | { type: "line"; line: string }
  | { type: "stderr"; line: string }
  | { type: "exited"; code: number | null; signal: string | null }
  | { type: "error"; message: string };

const kKiB = 1024;
const kMiB = 1024 * kKiB;

// How long an engine has to obey `quit` before its process group is killed.
const kQuitGraceMs = 300;
// How long a page whose session is over has to take the close frame before its socket is
// cut (also ws's close timeout, main.ts).
export const kCloseGraceMs = 1000;
// Unsent bytes on the socket that pause the engine's output, resume it, and drop the page.
const kOutputHighWater = 1 * kMiB;
const kOutputLowWater = 256 * kKiB;
const kOutputHardLimit = 8 * kMiB;
// What may wait for the engine to read it: several of the longest lines the page sends
// (client_message.ts, kMaxLineLength); in lines, far more than the page ever has in flight.
const kMaxPendingInput = 2 * kMiB;
const kMaxPendingLines = 4096;
// The longest engine output line passed on whole (the longest client line, echoed by `d`).
const kMaxEngineLine = 256 * kKiB;
// Engines that may run at once, the sessions' and those still obeying a `quit`. A restart
// kills the session's engine before it starts the next, so it never adds to the count:
// a page that restarts in a loop can neither fill the machine with processes nor take
// the others' engines (issue #29, item 13).
const kMaxEngines = 64;

// WebSocket close code for a policy violation (RFC 6455, section 7.4.1).
const kClosePolicy = 1008;

export class EngineSession {
  private child: ChildProcess | null = null;
  private output: LineReader[] = [];
  private pendingLines = 0;
  private outputPaused = false;
  private generation = 0;
  private closed = false;
  // The Hash the running engine holds of the server's budget.
  private hash: HashShare = { mib: 0, closed: true };
  // The folder of the proof files the page sent, and the files in it, oldest first.
  private proofDir: string | null = null;
  private proofFiles: string[] = [];
  private proofCount = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly command: readonly string[],
    private readonly hashBudget: HashBudget,
  ) {}

  start(): void {
    if (runningEngineCount() >= kMaxEngines) {
      this.send({
        type: "error",
        message: `cannot start the engine: ${kMaxEngines} engines already run`,
      });
      return;
    }
    const generation = ++this.generation;
    let child: ChildProcess;
    try {
      child = spawnEngine(this.command);
    } catch (e) {
      this.send({ type: "error", message: `cannot start the engine: ${String(e)}` });
      return;
    }
    this.child = child;
    this.pendingLines = 0;
    // A process that did not start ('error' follows) holds nothing.
    const hash: HashShare = { mib: 0, closed: child.pid === undefined };
    this.hash = hash;
    child.once("exit", () => this.hashBudget.release(hash));
    const current = () => generation === this.generation && !this.closed;
    child.on("error", (e) => {
      if (current())
        this.send({ type: "error", message: `engine '${this.command[0]}': ${e.message}` });
    });
    child.stdin!.on("error", () => {}); // EPIPE when the engine has died; 'close' reports it
    const relay = (type: "line" | "stderr") => (line: string) => {
      if (current()) this.send({ type, line });
    };
    this.output = [
      new LineReader(child.stdout!, kMaxEngineLine, relay("line")),
      new LineReader(child.stderr!, kMaxEngineLine, relay("stderr")),
    ];
    if (this.outputPaused) for (const reader of this.output) reader.pause();
    child.on("close", (code, signal) => {
      if (this.child === child) this.child = null;
      if (current()) this.send({ type: "exited", code, signal });
    });
    if (child.pid !== undefined)
      this.send({ type: "started", pid: child.pid, command: this.command.join(" ") });
  }

  // A message from the page; anything malformed is answered with an error, never thrown.
  receive(text: string, isBinary: boolean): void {
    if (this.closed) return;
    if (isBinary) {
      this.send({ type: "error", message: "binary messages are not accepted: send JSON text" });
      return;
    }
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      this.send({ type: "error", message: parsed.error });
    } else if (parsed.message.type === "restart") {
      this.killEngine(); // at once: the page wants a new engine, not this one's last words
      this.start();
    } else if (parsed.message.type === "proof") {
      this.loadProof(parsed.message.text);
    } else {
      const { line, hashMiB } = parsed.message;
      if (hashMiB !== undefined && this.engineRunning()) {
        const refusal = this.hashBudget.reserve(this.hash, hashMiB);
        if (refusal) {
          this.send({ type: "error", message: refusal });
          return;
        }
      }
      this.writeLine(line);
    }
  }

  // The page's proof text to a private file, and the engine told to load it.
  private loadProof(text: string): void {
    if (!this.engineRunning()) {
      this.send({ type: "error", message: "proof file: the engine is not running" });
      return;
    }
    let file: string;
    try {
      this.proofDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "kete-gui-proof-"));
      file = path.join(this.proofDir, `proof-${++this.proofCount}.proof`);
      fs.writeFileSync(file, text, { flag: "wx", mode: 0o600 });
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.send({ type: "error", message: `proof file: the server could not keep it (${why})` });
      return;
    }
    this.proofFiles.push(file);
    while (this.proofFiles.length > 2) fs.rmSync(this.proofFiles.shift()!, { force: true });
    this.writeLine(`setoption name ProofFile value ${file}`);
  }

  // The proof files go with the engine that read them.
  private removeProofs(): void {
    const dir = this.proofDir;
    this.proofDir = null;
    this.proofFiles = [];
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }

  private engineRunning(): boolean {
    return this.child?.stdin?.writable === true;
  }

  // The session is over (the page closed, or its connection ended): the engine goes with
  // it, and the socket after kCloseGraceMs if its closing handshake has not completed.
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopEngine();
    const socket = this.socket;
    setTimeout(() => socket.terminate(), kCloseGraceMs).unref();
  }

  // The server is exiting, or the session is dropped: no time for `quit`.
  terminate(): void {
    this.closed = true;
    this.killEngine();
  }

  private writeLine(line: string): void {
    const child = this.child;
    const stdin = child?.stdin;
    if (!child || !stdin || !stdin.writable) {
      this.send({ type: "error", message: "the engine is not running" });
      return;
    }
    if (
      this.pendingLines >= kMaxPendingLines ||
      stdin.writableLength + line.length >= kMaxPendingInput
    ) {
      this.drop(
        `the engine is not reading its input (${stdin.writableLength} bytes in ${this.pendingLines} ` +
          "lines waiting): the session is closed",
      );
      return;
    }
    ++this.pendingLines;
    stdin.write(line + "\n", () => {
      if (this.child === child) --this.pendingLines;
    });
  }

  // Kills the engine's group now; nothing it still writes reaches the page.
  private killEngine(): void {
    ++this.generation;
    const child = this.child;
    this.child = null;
    this.output = [];
    this.hashBudget.release(this.hash); // a killed engine's memory is given back as it dies
    this.removeProofs();
    if (!child) return;
    killGroup(child);
    child.stdin?.destroy(); // what waited for the engine goes now
  }

  private stopEngine(): void {
    const child = this.child;
    this.child = null;
    this.output = [];
    ++this.generation;
    this.removeProofs(); // an engine reading one keeps it open until it is done
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    if (child.stdin?.writable) {
      child.stdin.write("quit\n");
      child.stdin.end();
    }
    // engine_processes.ts kills the group once the engine has exited.
    const timer = setTimeout(() => killGroup(child), kQuitGraceMs);
    child.once("exit", () => clearTimeout(timer));
  }

  // Ends the session with an error: the engine at once, the page when it has taken the
  // close frame or after kCloseGraceMs.
  private drop(message: string): void {
    if (this.closed) return;
    this.closed = true;
    this.send({ type: "error", message });
    this.terminate();
    const socket = this.socket;
    socket.close(kClosePolicy, "GUI server: session limits exceeded");
    setTimeout(() => socket.terminate(), kCloseGraceMs).unref();
  }

  private send(message: ServerMessage): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > kOutputHardLimit) {
      this.drop("the page does not read what the server sends");
      return;
    }
    socket.send(JSON.stringify(message), () => this.drained());
    if (!this.outputPaused && socket.bufferedAmount > kOutputHighWater) {
      this.outputPaused = true;
      for (const reader of this.output) reader.pause();
    }
  }

  // A message has left: when the page has caught up, the engine may write again.
  private drained(): void {
    if (!this.outputPaused || this.socket.bufferedAmount > kOutputLowWater) return;
    this.outputPaused = false;
    for (const reader of this.output) reader.resume();
  }
}
