// Every engine process the server has started and not yet seen end, each the leader of
// its own process group (so killing the group also ends whatever the engine started).
// When the server exits, for any reason it can observe (a signal, an uncaught exception,
// process.exit, the end of its work), every group still here is killed: an engine busy in
// `perft` or `go infinite` reads no `quit` and would otherwise run on as an orphan
// (issue #20, item 3). For what the server cannot observe (SIGKILL, the OOM killer), the
// engine is started through util-linux's setpriv with a parent-death signal (Linux's
// PR_SET_PDEATHSIG, kept across the exec, so the pid is the engine's): the kernel kills
// it when the server dies.
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

const kSetpriv = "/usr/bin/setpriv";
const kDeathSignal = ["--pdeathsig", "KILL", "--"];

// Engines started and not yet seen to exit, and those of them already killed (SIGKILL to
// their group): a killed engine can run no more, so it no longer counts against the
// server's cap even while it is slow to be reaped, but it is still killed at exit.
const live = new Set<ChildProcess>();
const killed = new Set<ChildProcess>();
const setprivUsable = process.platform === "linux" && isExecutable(kSetpriv);

// Starts `command` as a process group of its own, tracked until it exits. Throws what
// spawn throws (a bad command may also fail later, through the child's 'error' event).
export function spawnEngine(command: readonly string[]): ChildProcess {
  const [program, ...args] = command;
  // A program that cannot run is left to spawn, whose ENOENT or EACCES names it.
  const [file, argv] =
    setprivUsable && findProgram(program!) !== null
      ? [kSetpriv, [...kDeathSignal, program!, ...args]]
      : [program!, args];
  const child = spawn(file, argv, { stdio: ["pipe", "pipe", "pipe"], detached: true });
  if (child.pid === undefined) return child; // it did not start; 'error' follows
  live.add(child);
  child.once("exit", () => {
    killGroup(child); // whatever the engine itself started
    live.delete(child);
    killed.delete(child);
  });
  return child;
}

export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  if (live.has(child)) killed.add(child);
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
  killed.clear();
}

// Engines that may still run: started, neither exited nor killed.
export function runningEngineCount(): number {
  return live.size - killed.size;
}

// The executable `program` names, as execvp would find it, or null.
function findProgram(program: string): string | null {
  if (program.includes("/")) return isExecutable(program) ? program : null;
  for (const dir of (process.env["PATH"] ?? "").split(path.delimiter)) {
    const candidate = path.join(dir || ".", program);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
