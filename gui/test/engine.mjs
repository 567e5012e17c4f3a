// A kete process for the tests to ask what the board should be: one command per line,
// answers read back by line.
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export const guiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ketePath = process.env.KETE ?? path.resolve(guiDir, "../build/release/kete");
// kete-match beside the engine (KETE_MATCH names another).
export const kMatchPath = process.env.KETE_MATCH ?? path.join(path.dirname(ketePath), "kete-match");

// Writes to `file` a record of `games` games of kete against itself at `nodes` a move, as
// kete-match writes a match, the players named `names`.
export function writeMatchRecord(
  file,
  { variant = "bao", nodes = 200, games = 2, names = ["alpha", "beta"] } = {},
) {
  const players = names.flatMap((name) => ["--engine", `cmd=${ketePath}`, `name=${name}`]);
  execFileSync(kMatchPath, [
    ...players,
    ...["--nodes", String(nodes), "--games", String(games), "--concurrency", "1"],
    ...["--variant", variant, "--pgn", file, "--quiet"],
  ]);
}

export class Engine {
  constructor(command = ketePath) {
    this.child = spawn(command, [], { stdio: ["pipe", "pipe", "inherit"] });
    this.lines = [];
    this.waiters = [];
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      this.lines.push(line);
      this.wake();
    });
  }

  wake() {
    for (const w of [...this.waiters]) w();
  }

  send(line) {
    this.child.stdin.write(line + "\n");
  }

  // The first line (after those already read) that `match` accepts, and the lines before it.
  async until(match, timeoutMs = 10000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.lines.findIndex(match);
      if (i >= 0) {
        const before = this.lines.splice(0, i + 1);
        return { line: before.pop(), before };
      }
      if (Date.now() > deadline) throw new Error(`engine: no matching line in ${timeoutMs} ms`);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.waiters = [];
    }
  }

  // Sends a silent command; returns the error lines it caused.
  async command(line) {
    this.send(line);
    this.send("isready");
    const { before } = await this.until((l) => l === "readyok");
    return before.filter((l) => l.startsWith("info string"));
  }

  async query(what) {
    this.send(`query ${what}`);
    const { line } = await this.until((l) => l.startsWith("response"));
    return line.slice("response".length).trim();
  }

  close() {
    this.send("quit");
    this.child.stdin.end();
  }
}
