// What a page may send the server, checked before anything reaches the engine: a JSON
// object `{type: "line", line}` holding ONE protocol command of those the page uses
// (docs/interface.md section 3), or `{type: "restart"}`. Anything else, whatever its type or
// shape, is refused with a message that names the problem; nothing here throws.
//
// A client's text reaches the engine only as one validated line: a line break in it would
// make several commands of one (issue #18, "Broken" 1: a pasted record ran `quit`), so
// any control character is refused rather than split or stripped.

export type ClientMessage = { type: "line"; line: string } | { type: "restart" };

export type Parsed = { ok: true; message: ClientMessage } | { ok: false; error: string };

// The longest command line accepted: a `position ... moves ...` of a game of several
// thousand plies (a kujifunza token is at most 12 characters), far below the socket's
// 1 MiB message limit.
export const kMaxLineLength = 256 * 1024;

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

const kFields: Record<ClientMessage["type"], readonly string[]> = {
  line: ["type", "line"],
  restart: ["type"],
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
    return refuse(`unknown message type '${clip(type)}' (expected 'line' or 'restart')`);
  const allowed = kFields[type as ClientMessage["type"]];
  const extra = Object.keys(fields).find((key) => !allowed.includes(key));
  if (extra !== undefined)
    return refuse(`unexpected field '${clip(extra)}' in a '${type}' message`);
  if (type === "restart") return { ok: true, message: { type: "restart" } };
  const line = fields["line"];
  if (typeof line !== "string") return refuse(`'line' must be a string (${describe(line)})`);
  const problem = checkCommand(line);
  return problem ? refuse(problem) : { ok: true, message: { type: "line", line } };
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
  return null;
}

// setoption name <name words> [value <value words>]: the name must be one the page may
// set; the rest is the engine's to judge.
function checkSetOption(words: string[]): string | null {
  if (words[1] !== "name" || words.length < 3)
    return "expected 'setoption name <name> [value <value>]'";
  const end = words.indexOf("value", 2);
  const name = words.slice(2, end < 0 ? undefined : end).join(" ");
  if (kForbiddenOptions.has(name.toLowerCase()))
    return `the page may not set the option '${clip(name)}' (EvalFile and ProofFile read files on the server)`;
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
