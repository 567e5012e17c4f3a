// What the server tests share: a WebSocket session that keeps every message, a raw TCP
// client that speaks WebSocket by hand (to send what no library sends: unmasked frames,
// a forged Host, and a peer that stops reading), and what /proc says about processes.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import WebSocket from "ws";

// Messages kept as they come (`add`), and `next(match)`: waits for the first that
// matches, dropping those before it.
function inbox() {
  const messages = [];
  let wake = () => {};
  const add = (message) => {
    messages.push(message);
    wake();
  };
  const next = async (match, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex(match);
      if (i >= 0) return messages.splice(0, i + 1).pop();
      if (Date.now() > deadline)
        throw new Error(`no such message; got ${JSON.stringify(messages)}`);
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  return { messages, add, next };
}

// A session: every message kept, and a way to wait for one.
export function connect(url, options = {}) {
  const socket = new WebSocket(url.replace(/^http/, "ws") + "engine", options);
  const { messages, add, next } = inbox();
  socket.on("message", (data) => add(JSON.parse(String(data))));
  socket.on("error", () => {}); // `opened` and `closed` report it
  const send = (line) => socket.send(JSON.stringify({ type: "line", line }));
  const opened = new Promise((resolve, reject) => {
    socket.on("open", resolve);
    socket.on("error", reject);
    socket.on("unexpected-response", (_request, response) =>
      reject(new Error(`status ${response.statusCode}`)),
    );
  });
  const closed = new Promise((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return { socket, messages, next, send, opened, closed };
}

// Lines that keep an engine busy on its command thread, reading nothing (not even `quit`)
// for many seconds: the deepest perft the server allows (client_message.ts), from bao's
// start, the widest (85 million leaves, 17 s on the 2-core test machine).
export const kBusyPerft = ["setoption name UCI_Variant value bao", "perft 6"];

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A process that runs (a zombie, ended but not yet reaped by its new parent, does not).
export const alive = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};

// Waits until `pid` no longer runs: true, or false after `timeoutMs` (seconds, which a
// loaded machine keeps; it returns as soon as the process is gone).
export async function waitGone(pid, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(50);
  return !alive(pid);
}

// The CPU time a process has used, all its threads, in clock ticks (utime + stime).
export function cpuTicks(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

// Waits until `condition()` holds, looking every 50 ms; false if it did not by `timeoutMs`.
export async function waitUntil(condition, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

// Resident memory of a process in bytes (VmRSS).
export function rss(pid) {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

// The processes whose parent is `pid`.
export function childrenOf(pid) {
  const out = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

// One WebSocket frame as a client sends it (masked unless told otherwise).
export function frame(payload, { opcode = 1, masked = true } = {}) {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const length = body.length;
  const header = [0x80 | opcode];
  const maskBit = masked ? 0x80 : 0;
  if (length < 126) header.push(maskBit | length);
  else if (length < 65536) header.push(maskBit | 126, length >> 8, length & 255);
  else {
    header.push(maskBit | 127, 0, 0, 0, 0);
    header.push((length >>> 24) & 255, (length >>> 16) & 255, (length >>> 8) & 255, length & 255);
  }
  if (!masked) return Buffer.concat([Buffer.from(header), body]);
  const mask = crypto.randomBytes(4);
  const out = Buffer.from(body);
  for (let i = 0; i < out.length; ++i) out[i] ^= mask[i & 3];
  return Buffer.concat([Buffer.from(header), mask, out]);
}

// A raw upgrade of /engine (or `path`) with the given headers. Resolves with the status
// line and the socket, positioned after the response's headers.
export function rawUpgrade(url, { path = "/engine", headers = {} } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const onData = (data) => {
      received = Buffer.concat([received, data]);
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      socket.off("data", onData);
      const head = received.subarray(0, end).toString();
      const rest = received.subarray(end + 4);
      if (rest.length) socket.unshift(rest);
      resolve({ status: head.split("\r\n")[0], socket });
    };
    socket.on("data", onData);
    socket.on("error", reject);
    socket.on("close", () =>
      reject(new Error(`closed before a response; got ${JSON.stringify(String(received))}`)),
    );
    const all = {
      Host: `${hostname}:${port}`,
      Upgrade: "websocket",
      Connection: "Upgrade",
      "Sec-WebSocket-Key": crypto.randomBytes(16).toString("base64"),
      "Sec-WebSocket-Version": "13",
      ...headers,
    };
    const lines = Object.entries(all)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${v}`);
    socket.write(`GET ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
  });
}

// A session over a raw socket that reads the server's frames itself: its messages kept as
// `connect` keeps them (a close frame as {type: "close frame"}), and `socket.write` sends
// any bytes at once (several frames in one write arrive together); `socket.pause()` stops
// reading, as a client that reads nothing.
export function rawSession(url) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => {});
  const { messages, add, next } = inbox();
  let upgraded = false;
  let received = Buffer.alloc(0);
  const opened = new Promise((resolve, reject) => {
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      if (!upgraded) {
        const end = received.indexOf("\r\n\r\n");
        if (end < 0) return;
        const status = received.subarray(0, end).toString().split("\r\n")[0];
        if (!/ 101 /.test(status)) return reject(new Error(`upgrade refused: ${status}`));
        upgraded = true;
        received = received.subarray(end + 4);
        resolve();
      }
      for (;;) {
        if (received.length < 2) break;
        const opcode = received[0] & 0x0f;
        let length = received[1] & 0x7f;
        let at = 2;
        if (length === 126) {
          if (received.length < 4) break;
          length = received.readUInt16BE(2);
          at = 4;
        } else if (length === 127) {
          if (received.length < 10) break;
          length = Number(received.readBigUInt64BE(2));
          at = 10;
        }
        if (received.length < at + length) break;
        const payload = received.subarray(at, at + length);
        received = received.subarray(at + length);
        if (opcode === 1) add(JSON.parse(String(payload)));
        if (opcode === 8) add({ type: "close frame" });
      }
    });
    socket.on("close", () => reject(new Error("closed before the upgrade")));
  });
  const closed = new Promise((resolve) => socket.on("close", resolve));
  const message = (value) => frame(JSON.stringify(value));
  const send = (line) => socket.write(message({ type: "line", line }));
  socket.write(
    `GET /engine HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${crypto.randomBytes(16).toString("base64")}\r\n` +
      "Sec-WebSocket-Version: 13\r\n\r\n",
  );
  return { socket, messages, next, send, message, opened, closed };
}

// A plain HTTP request as raw bytes (the Host header is whatever we say); resolves with
// the status code, or null when the server closed without one.
export function rawGet(url, { path = "/", headers = {} } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    socket.on("data", (data) => (received += data));
    socket.on("error", () => {});
    socket.on("close", () => {
      const m = /^HTTP\/1\.1 (\d+)/.exec(received);
      resolve(m ? Number(m[1]) : null);
    });
    const all = { Host: `${hostname}:${port}`, Connection: "close", ...headers };
    const lines = Object.entries(all)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${v}`);
    socket.write(`GET ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
  });
}
