// The Web Worker that runs kete in WebAssembly for the static site (docs/gui.md): it
// speaks the GUI server's messages (worker_channel.ts on the page's side). In: JSON text
// `{type: "line", line}`, one protocol command of those the page sends, checked as the
// server checks it (src/server/client_message.ts: the same commands, options and bounds),
// anything else answered by an error message and never passed on. Out: `started`, one
// `line` per line the engine prints, `error`, and `exited` with the reason in words when
// the engine aborts (the page then starts a fresh worker). Nothing a message holds ends
// the worker.
//
// A classic worker script (no imports): kete.js, emscripten's loader, is one too, and the
// engine's own threads are workers that load it again (mainScriptUrlOrBlob).

interface KeteModule {
  ccall(name: string, returns: "number" | null, types: string[], args: unknown[]): number;
}
interface KeteOptions {
  mainScriptUrlOrBlob: string;
  locateFile: (file: string) => string;
  print: (line: string) => void;
  printErr: (line: string) => void;
  onAbort: (what: unknown) => void;
}
interface WorkerScope {
  postMessage(message: string): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  location: { href: string };
  crossOriginIsolated?: boolean;
  navigator: { hardwareConcurrency?: number };
}
declare function importScripts(...urls: string[]): void;
declare const createKete: (options: KeteOptions) => Promise<KeteModule>;

const scope = self as unknown as WorkerScope;

// The bounds of src/server/client_message.ts; Threads: the search threads the engine's
// pool of workers holds (web/CMakeLists.txt, PTHREAD_POOL_SIZE 4: three search threads
// and the solver's).
const kMaxLineLength = 256 * 1024;
const kMaxHashMiB = 256;
const kMaxThreads = Math.max(1, Math.min(3, scope.navigator.hardwareConcurrency ?? 1));
const kMaxPerftDepth = 6;
const kCommands: ReadonlySet<string> = new Set([
  "uci",
  "ugi",
  "isready",
  "setoption",
  "ucinewgame",
  "uginewgame",
  "position",
  "go",
  "stop",
  "query",
  "d",
  "eval",
  "perft",
]);
// No files in the browser: EvalFile and ProofFile name none.
const kForbiddenOptions: ReadonlySet<string> = new Set(["evalfile", "prooffile"]);

let engine: KeteModule | null = null;
let dead = false;
const waiting: string[] = []; // lines that came before the engine was ready

function post(message: object): void {
  scope.postMessage(JSON.stringify(message));
}

function die(reason: string): void {
  if (dead) return;
  dead = true;
  engine = null;
  post({ type: "exited", code: null, signal: null, reason });
}

function run(line: string): void {
  if (dead || engine === null) return;
  try {
    engine.ccall("kete_line", "number", ["string"], [line]);
  } catch (e) {
    die(`the engine stopped on '${clip(line)}': ${describe(e)}`);
  }
}

function start(): void {
  if (scope.crossOriginIsolated === false)
    return die(
      "this page is not cross-origin isolated, so the engine's threads cannot share memory " +
        "(reload the page: its service worker isolates it)",
    );
  const script = new URL("kete.js", scope.location.href).href;
  try {
    importScripts(script);
  } catch (e) {
    return die(`the engine did not load: ${describe(e)}`);
  }
  createKete({
    mainScriptUrlOrBlob: script,
    locateFile: (file) => new URL(file, scope.location.href).href,
    print: (line) => post({ type: "line", line }),
    printErr: (line) => post({ type: "stderr", line }),
    onAbort: (what) => die(`the engine aborted: ${describe(what)}`),
  }).then(
    (module) => {
      if (dead) return;
      if (module.ccall("kete_start", "number", [], []) !== 0)
        return die("the engine's embedded weights or nets are damaged");
      engine = module;
      post({ type: "started", pid: 0, command: "kete.wasm" });
      for (const line of waiting.splice(0)) run(line);
    },
    (e: unknown) => die(`the engine did not start: ${describe(e)}`),
  );
}

scope.onmessage = (event) => {
  const problem = check(event.data);
  if (typeof problem === "string") return post({ type: "error", message: problem });
  if (dead) return post({ type: "error", message: "the engine is not running" });
  if (engine === null) waiting.push(problem.line);
  else run(problem.line);
};

// The line a message carries, or why it is refused.
function check(data: unknown): { line: string } | string {
  if (typeof data !== "string") return "the engine's worker expects JSON text messages";
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return "the engine's worker expects JSON messages";
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "a message must be a JSON object";
  const fields = value as Record<string, unknown>;
  if (fields["type"] !== "line") return "the engine's worker takes only 'line' messages";
  const extra = Object.keys(fields).find((key) => key !== "type" && key !== "line");
  if (extra !== undefined) return `unexpected field '${clip(extra)}' in a 'line' message`;
  const line = fields["line"];
  if (typeof line !== "string") return "'line' must be a string";
  const problem = checkCommand(line);
  return problem ?? { line };
}

// Why `line` may not go to the engine, or null when it may (client_message.ts).
function checkCommand(line: string): string | null {
  if (line.length > kMaxLineLength)
    return `the line is too long (${line.length} characters, at most ${kMaxLineLength})`;
  for (let i = 0; i < line.length; ++i) {
    const code = line.charCodeAt(i);
    if (code < 0x20 || code === 0x7f)
      return `the line holds control character 0x${hex(code)} at column ${i + 1}: one command a message, on one line`;
    if (code > 0x7e)
      return `the line holds a non-ASCII character (U+${hex(code, 4)}) at column ${i + 1}`;
  }
  const words = line.split(" ").filter((w) => w !== "");
  const command = words[0];
  if (command === undefined) return "the line is empty";
  if (!kCommands.has(command)) return `'${clip(command)}' is not a command the page may send`;
  if (command === "setoption") return checkSetOption(words);
  if (command === "perft") return checkPerft(words.slice(1), "perft");
  if (command === "go" && words.includes("perft")) {
    if (words[1] !== "perft") return "expected 'go perft <depth>'";
    return checkPerft(words.slice(2), "go perft");
  }
  return null;
}

function checkSetOption(words: string[]): string | null {
  if (words[1] !== "name" || words.length < 3)
    return "expected 'setoption name <name> [value <value>]'";
  const end = words.indexOf("value", 2);
  if (end === 2) return "expected 'setoption name <name> [value <value>]'";
  const name = words.slice(2, end < 0 ? undefined : end).join(" ");
  const value = end < 0 ? null : words.slice(end + 1).join(" ");
  const key = name.toLowerCase();
  if (kForbiddenOptions.has(key))
    return `the page may not set the option '${clip(name)}' (there are no files in the browser)`;
  if (key === "hash") return checkNumber("Hash", value, kMaxHashMiB);
  if (key === "threads") return checkNumber("Threads", value, kMaxThreads);
  return null;
}

function checkNumber(name: string, value: string | null, max: number): string | null {
  if (value === null || !/^[0-9]+$/.test(value) || Number(value) < 1 || Number(value) > max)
    return `${name}: expected a whole number in 1..${max}, got ${value === null ? "no value" : `'${clip(value)}'`}`;
  return null;
}

function checkPerft(args: string[], command: string): string | null {
  const depth = args[0];
  if (args.length !== 1 || depth === undefined || !/^[0-9]+$/.test(depth) || Number(depth) < 1)
    return `expected '${command} <depth>' with a depth in 1..${kMaxPerftDepth}`;
  if (Number(depth) > kMaxPerftDepth)
    return `${command} ${clip(depth)} is deeper than the page runs (it cannot be stopped): at most depth ${kMaxPerftDepth}`;
  return null;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function clip(text: string): string {
  const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  return shown.replace(/[^\x20-\x7e]/g, "?");
}

function hex(code: number, digits = 2): string {
  return code.toString(16).padStart(digits, "0");
}

start();
