// Every engine process the server has started and not yet seen end, each the leader of
// its own process group (so killing the group also ends whatever the engine started).
// When the server exits, for any reason it can observe (a signal, an uncaught exception,
// process.exit, the end of its work), every group still here is killed: an engine busy in
// `perft` or `go infinite` reads no `quit` and would otherwise run on as an orphan
// (issue #20, item 3). Only SIGKILL of the server itself escapes this; the engine then
// sees the end of its input.
import { spawn, type ChildProcess } from "node:child_process";

const live = new Set<ChildProcess>();

// Starts `command` as a process group of its own, tracked until it exits. Throws what
// spawn throws (a bad command may also fail later, through the child's 'error' event).
export function spawnEngine(command: readonly string[]): ChildProcess {
  const [program, ...args] = command;
  const child = spawn(program!, args, { stdio: ["pipe", "pipe", "pipe"], detached: true });
  if (child.pid === undefined) return child; // it did not start; 'error' follows
  live.add(child);
  child.once("exit", () => {
    killGroup(child); // whatever the engine itself started
    live.delete(child);
  });
  return child;
}

export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // the group is already gone
  }
}

// Synchronous, so that it can run in an 'exit' handler.
export function killAllEngines(): void {
  for (const child of live) killGroup(child);
  live.clear();
}

export function liveEngineCount(): number {
  return live.size;
}
