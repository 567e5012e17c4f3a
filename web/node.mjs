// The WebAssembly engine under Node (scripts/web.sh bench, scripts/web-test.sh): the same
// command line as the native kete, from build/wasm (or the folder KETE_WASM names).
//   node web/node.mjs              the command loop: lines on stdin, answers on stdout
//   node web/node.mjs bench [d]    the bench signature, then exit
// Exit status 1 when an answer could not be written or the engine aborted.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.env.KETE_WASM ?? path.join(here, "..", "build", "wasm");

// Every line written whole, or the process ends with status 1 (a closed pipe, a full disk).
function write(fd, text) {
  const bytes = Buffer.from(text + "\n");
  try {
    for (let done = 0; done < bytes.length;)
      done += fs.writeSync(fd, bytes, done);
  } catch (error) {
    if (fd !== 2) write(2, `kete: cannot write the answers: ${error.message}`);
    process.exit(1);
  }
}

const require = createRequire(import.meta.url);
const createKete = require(path.join(dir, "kete.js"));
// Node's fetch takes no file path: the module is handed its bytes.
const kete = await createKete({
  wasmBinary: fs.readFileSync(path.join(dir, "kete.wasm")),
  print: (line) => write(1, line),
  printErr: (line) => write(2, line),
  onAbort: (what) => {
    write(2, `kete: the engine aborted (${what})`);
    process.exit(1);
  },
});

const args = process.argv.slice(2);
if (args[0] === "bench") {
  // As `kete bench [depth]`: none, the default depth; a depth outside 1..20 is refused
  // by the engine with an error line (-1 stands for any text that is not a number).
  const depth =
    args.length < 2
      ? 0
      : /^[0-9]{1,9}$/.test(args[1])
        ? Number(args[1]) || -1
        : -1;
  process.exit(kete.ccall("kete_bench", "number", ["number"], [depth]));
}
if (kete.ccall("kete_start", "number", [], []) !== 0) process.exit(1);
const input = readline.createInterface({
  input: process.stdin,
  crlfDelay: Infinity,
});
let ended = false;
input.on("line", (line) => {
  if (ended) return;
  if (kete.ccall("kete_line", "number", ["string"], [line]) === 0) {
    ended = true;
    input.close();
    process.exit(0);
  }
});
input.on("close", () => {
  if (ended) return;
  ended = true;
  kete.ccall("kete_finish", null, [], []);
  process.exit(0);
});
