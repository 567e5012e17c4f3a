// An engine for the GUI server that is kete with a record of what it was sent: every
// line the server writes to it is appended to LOG before kete reads it. The tests read
// the record to see the commands the engine itself received (not the page's own log).
// While the file LOG.hold exists, a line equal to its text (e.g. `go depth 8`) is logged
// as sent but given to the engine as `go infinite`: that search runs until the page
// stops it, so a test can act while it runs without racing it.
//   node logging_engine.mjs LOG ENGINE [ARGS...]
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createInterface } from "node:readline";

const [log, command, ...args] = process.argv.slice(2);
if (!log || !command) {
  console.error("usage: logging_engine.mjs LOG ENGINE [ARGS...]");
  process.exit(2);
}
const engine = spawn(command, args, { stdio: ["pipe", "inherit", "inherit"] });
createInterface({ input: process.stdin }).on("line", (line) => {
  fs.appendFileSync(log, `${line}\n`);
  engine.stdin.write(`${held(line) ? "go infinite" : line}\n`);
});
process.stdin.on("end", () => engine.stdin.end());
engine.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

function held(line) {
  try {
    return line === fs.readFileSync(`${log}.hold`, "utf8").trim();
  } catch {
    return false;
  }
}
