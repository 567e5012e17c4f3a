// What a page may send the server, checked before anything reaches the engine: a JSON
// object `{type: "line", line}` holding ONE protocol command of those the page uses
// (docs/interface.md section 3), or `{type: "restart"}`. Anything else, whatever its type or
// shape, is refused with a message that names the problem; nothing here throws.
//
// A client's text reaches the engine only as one validated line: a line break in it would
// make several commands of one (issue #18, "Broken" 1: a pasted record ran `quit`), so
// any control character is refused rather than split or stripped.
//
// What a command may ask of the machine is bounded too (issue #29, item 14): the Hash one
// session may set, the Threads, the depth of `perft` (which no `stop` ends). The Hash all
// sessions hold together is the session's to check (engine_session.ts, hash_budget.ts): a
// line setting Hash carries its size as `hashMiB`.
//
// `{type: "proof", text}` gives the engine a proof file (docs/solver.md, "Proof files") by
// its text, never by a path: the session writes it to a private file of its own and sets
// `ProofFile` to that (engine_session.ts). The text is bounded (kMaxProofLength) and must
// be a proof's text: its magic line first, printable ASCII, tabs and line breaks only.
import os from "node:os";

export type ClientMessage =
  | { type: "line"; line: string; hashMiB?: number }
  | { type: "restart" }
  | { type: "proof"; text: string };

export type Parsed = { ok: true; message: ClientMessage } | { ok: false; error: string };

// The longest command line accepted: a `position ... moves ...` of a game of several
// thousand plies (a kujifunza token is at most 12 characters), far below the socket's
// 1 MiB message limit.
export const kMaxLineLength = 256 * 1024;

// The longest proof text accepted, in characters: with JSON's escapes (a tab is two
// characters) within the socket's 1 MiB message limit (main.ts). The committed proofs are
// 291 and 38,134 bytes.
export const kMaxProofLength = 512 * 1024;

// The commands the page sends (gui/src/page/engine_client.ts and main.ts), and those
// that only inspect the engine (d, eval, perft) for a person typing in the protocol log.
// Never `quit`: the server ends its engines itself. Not `bench`, which the page has no use
// for.
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

// Options a page must not set: `EvalFile` and `ProofFile` open any path on the server's
// machine (a parse error quotes the file's line back to the page).
const kForbiddenOptions: ReadonlySet<string> = new Set(["evalfile", "prooffile"]);

// The largest Hash (MiB) one session may set: 32 sessions at once hold at most 8 GiB.
export const kMaxHashMiB = 256;
// The most search threads a session may ask for: the machine's processors.
export const kMaxThreads = os.availableParallelism();
// The deepest perft: it runs on the engine's command thread, and no `stop` ends it. Depth
// 6 from bao's start (the widest start) is 85 million leaves, 17 s on the 2-core test
// machine; depth 7 took over two minutes, kigogo's 24 s.
export const kMaxPerftDepth = 6;

const kFields: Record<ClientMessage["type"], readonly string[]> = {
  line: ["type", "line"],
  restart: ["type"],
  proof: ["type", "text"],
};

export function parseClientMessage(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse("the GUI server expects JSON messages");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return refuse(`a message must be a JSON object (${describe(value)})`);
  const fields = value as Record<string, unknown>;
  const type = fields["type"];
  if (typeof type !== "string")
    return refuse(`a message needs a string 'type' (${describe(type)})`);
  if (!Object.hasOwn(kFields, type))
    return refuse(`unknown message type '${clip(type)}' (expected 'line', 'restart' or 'proof')`);
  const allowed = kFields[type as ClientMessage["type"]];
  const extra = Object.keys(fields).find((key) => !allowed.includes(key));
  if (extra !== undefined)
    return refuse(`unexpected field '${clip(extra)}' in a '${type}' message`);
  if (type === "restart") return { ok: true, message: { type: "restart" } };
  if (type === "proof") {
    const text = fields["text"];
    if (typeof text !== "string") return refuse(`'text' must be a string (${describe(text)})`);
    const problem = checkProof(text);
    return problem ? refuse(`proof file: ${problem}`) : { ok: true, message: { type, text } };
  }
  const line = fields["line"];
  if (typeof line !== "string") return refuse(`'line' must be a string (${describe(line)})`);
  const problem = checkCommand(line);
  if (problem) return refuse(problem);
  const hashMiB = hashSize(line);
  return {
    ok: true,
    message: hashMiB === null ? { type: "line", line } : { type: "line", line, hashMiB },
  };
}

// The Hash (MiB) a line that checkCommand accepts sets, or null when it sets none.
function hashSize(line: string): number | null {
  const words = line.split(" ").filter((w) => w !== "");
  if (words[0] !== "setoption") return null;
  const option = optionOf(words);
  return option?.name.toLowerCase() === "hash" ? Number(option.value) : null;
}

// Why `line` may not go to the engine, or null when it may.
export function checkCommand(line: string): string | null {
  if (line.length > kMaxLineLength)
    return `the line is too long (${line.length} characters, at most ${kMaxLineLength})`;
  for (let i = 0; i < line.length; ++i) {
    const code = line.charCodeAt(i);
    if (code < 0x20 || code === 0x7f)
      return (
        `the line holds control character 0x${hex(code)} at column ${i + 1}: ` +
        "one command a message, on one line"
      );
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

// Why `text` is not a proof file's text the session may write, or null.
export function checkProof(text: string): string | null {
  if (text.length > kMaxProofLength)
    return `too large (${text.length} characters, at most ${kMaxProofLength})`;
  if (!/^kete-proof \S+\r?\n/.test(text))
    return "not a proof file: the first line must be 'kete-proof <version>'";
  const bad = /[^\t\n\r\x20-\x7e]/.exec(text);
  if (bad)
    return `not a proof file: character 0x${hex(bad[0].charCodeAt(0))} at offset ${bad.index}`;
  return null;
}

// setoption name <name words> [value <value words>]: the name must be one the page may
// set, Hash and Threads within what the machine can give; the rest is the engine's to
// judge.
function checkSetOption(words: string[]): string | null {
  const option = optionOf(words);
  if (option === null) return "expected 'setoption name <name> [value <value>]'";
  const { name, value } = option;
  const key = name.toLowerCase();
  if (kForbiddenOptions.has(key))
    return `the page may not set the option '${clip(name)}' (EvalFile and ProofFile read files on the server)`;
  if (key === "hash")
    return checkNumber(
      "Hash",
      value,
      kMaxHashMiB,
      (n) => `Hash ${n} MiB is more than a session may use: at most ${kMaxHashMiB} MiB`,
    );
  if (key === "threads")
    return checkNumber(
      "Threads",
      value,
      kMaxThreads,
      (n) => `Threads ${n} is more than this machine has processors: at most ${kMaxThreads}`,
    );
  return null;
}

// The name and the value (null without `value`) of a setoption's words, or null when
// they are not `setoption name <name> [value <value>]`.
function optionOf(words: string[]): { name: string; value: string | null } | null {
  if (words[1] !== "name" || words.length < 3) return null;
  const end = words.indexOf("value", 2);
  if (end === 2) return null;
  const name = words.slice(2, end < 0 ? undefined : end).join(" ");
  return { name, value: end < 0 ? null : words.slice(end + 1).join(" ") };
}

// A whole number 1..max (plain digits) for the option `name`.
function checkNumber(
  name: string,
  value: string | null,
  max: number,
  tooLarge: (n: string) => string,
): string | null {
  if (value === null || !/^[0-9]+$/.test(value) || Number(value) < 1) {
    const got = value === null ? "no value" : `'${clip(value)}'`;
    return `${name}: expected a whole number in 1..${max}, got ${got}`;
  }
  return Number(value) > max ? tooLarge(clip(value)) : null;
}

// perft's arguments: one depth, 1..kMaxPerftDepth.
function checkPerft(args: string[], command: string): string | null {
  const depth = args[0];
  if (args.length !== 1 || depth === undefined || !/^[0-9]+$/.test(depth) || Number(depth) < 1)
    return `expected '${command} <depth>' with a depth in 1..${kMaxPerftDepth}`;
  if (Number(depth) > kMaxPerftDepth)
    return `${command} ${clip(depth)} is deeper than the GUI server runs (it cannot be stopped): at most depth ${kMaxPerftDepth}`;
  return null;
}

function refuse(error: string): Parsed {
  return { ok: false, error };
}

// What a JSON value is, for an error: "got an array".
function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "got null";
  if (Array.isArray(value)) return "got an array";
  return `got a ${typeof value}`;
}

// A client's text quoted in an error, cut short.
function clip(text: string): string {
  const kMaxQuoted = 40;
  const shown = text.length > kMaxQuoted ? `${text.slice(0, kMaxQuoted)}...` : text;
  return shown.replace(/[^\x20-\x7e]/g, "?");
}

function hex(code: number, digits = 2): string {
  return code.toString(16).padStart(digits, "0");
}
