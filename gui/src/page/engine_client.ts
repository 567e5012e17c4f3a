// The page's side of the engine protocol (docs/interface.md section 3), over a channel
// that carries the GUI server's messages: the server's WebSocket, or on the static site
// the Web Worker that runs kete in WebAssembly (worker_channel.ts, which speaks the same
// messages). One message per protocol line. Answers are matched to questions by order,
// which the protocol guarantees: `response` lines answer `query` in turn, `readyok`
// answers `isready`, `bestmove` ends the one running `go`.

export type EngineStatus = "connecting" | "starting" | "ready" | "dead" | "disconnected";

export interface EngineOption {
  name: string;
  type: string;
  default: string;
  choices: string[];
  min: number | null; // a spin's bounds
  max: number | null;
}

export interface EngineIdentity {
  name: string;
  options: Map<string, EngineOption>; // by lower-case name
}

export class EngineGone extends Error {}

// The end of a proof file's load: the engine's line (`ProofFile: '<file>' loaded: N
// positions proven`, or its error) or the GUI server's refusal, in `text`.
export interface ProofLoad {
  ok: boolean;
  text: string;
}

// Where the messages go: JSON texts both ways, those of the GUI server (client_message.ts
// in, engine_session.ts out). `onclose`: the channel is gone for good.
export interface EngineChannel {
  readonly open: boolean;
  send(text: string): void;
  onmessage: (text: string) => void;
  onclose: () => void;
}

// The GUI server's WebSocket as a channel.
export function webSocketChannel(url: string): EngineChannel {
  const socket = new WebSocket(url);
  const channel: EngineChannel = {
    get open() {
      return socket.readyState === WebSocket.OPEN;
    },
    send: (text) => socket.send(text),
    onmessage: () => {},
    onclose: () => {},
  };
  socket.onmessage = (event) => channel.onmessage(String(event.data));
  socket.onclose = () => channel.onclose();
  return channel;
}

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
  errors: string[];
  timer: ReturnType<typeof setTimeout> | null;
}

// How long the engine has to answer a query, isready or uci.
const kAnswerTimeoutMs = 15000;

export class EngineClient {
  status: EngineStatus = "connecting";
  pid = 0;
  identity: EngineIdentity = { name: "engine", options: new Map() };

  // Every line the engine prints, and every line sent to it (prefixed "> ").
  onLine: (line: string, sent: boolean) => void = () => {};
  // `info string error ...` lines and the server's own errors.
  onError: (message: string) => void = () => {};
  onStderr: (line: string) => void = () => {};
  onStatus: (status: EngineStatus, detail: string) => void = () => {};
  // A fresh engine process is running (first start or restart).
  onStarted: () => void = () => {};
  onInfo: (line: string) => void = () => {};

  private socket: EngineChannel | null = null;
  private responses: Waiter<string>[] = [];
  private readies: Waiter<string[]>[] = [];
  private handshake: Waiter<void> | null = null;
  private bestmove: Waiter<string> | null = null;
  // The running `go`'s own listener, when it has one: its info lines go there (and not to
  // onInfo), `info string` ones included.
  private goListener: ((line: string) => void) | null = null;
  // A proof file's load waiting for the engine's verdict (loadProof).
  private proofWaiter: Waiter<ProofLoad> | null = null;

  // `where` names the engine's place in messages: "the GUI server", "this browser".
  constructor(
    private readonly openChannel: () => EngineChannel,
    private readonly where = "the GUI server",
  ) {}

  connect(): void {
    const socket = this.openChannel();
    this.socket = socket;
    socket.onmessage = (text) => this.receive(text);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.failAll(new EngineGone(`the connection to ${this.where} closed`));
      this.setStatus("disconnected", `the connection to ${this.where} closed`);
    };
  }

  // A fresh engine process in place of the current one, dead or alive; after a lost
  // connection, a new connection (the server starts an engine for it).
  restart(): void {
    this.failAll(new EngineGone("the engine was restarted"));
    this.setStatus("starting", "restarting the engine");
    if (this.socket?.open) this.post({ type: "restart" });
    else this.connect();
  }

  get alive(): boolean {
    return this.status !== "dead" && this.status !== "disconnected";
  }

  private gone(): EngineGone {
    return new EngineGone(this.status === "dead" ? "the engine is not running" : "not connected");
  }

  // One protocol line. A line break or another control character would let a text
  // become several commands: such a line is never sent.
  send(line: string): void {
    if (/[\u0000-\u001f\u007f]/.test(line))
      throw new Error(`not sent to the engine: the line holds a control character`);
    this.onLine(line, true);
    this.post({ type: "line", line });
  }

  // `uci`, then the identity and options until `uciok`.
  async identify(): Promise<EngineIdentity> {
    if (!this.alive) throw this.gone();
    this.identity = { name: "engine", options: new Map() };
    const done = new Promise<void>((resolve, reject) => {
      this.handshake = this.waiter(resolve, reject, "uciok");
    });
    this.send("uci");
    await done;
    return this.identity;
  }

  // `isready` and wait for `readyok`; the errors printed meanwhile come back.
  sync(): Promise<string[]> {
    if (!this.alive) return Promise.reject(this.gone());
    const answer = new Promise<string[]>((resolve, reject) => {
      this.readies.push(this.waiter(resolve, reject, "readyok"));
    });
    this.send("isready");
    return answer;
  }

  // A command that is silent when accepted; its errors, if any.
  async command(line: string): Promise<string[]> {
    if (!this.alive) throw this.gone();
    this.send(line);
    return this.sync();
  }

  query(what: string): Promise<string> {
    if (!this.alive) return Promise.reject(this.gone());
    const answer = new Promise<string>((resolve, reject) => {
      this.responses.push(this.waiter(resolve, reject, `an answer to 'query ${what}'`));
    });
    this.send(`query ${what}`);
    return answer;
  }

  // A proof file's text to the engine: the GUI server writes it to a file of its own and
  // sets `ProofFile` to it (src/server/engine_session.ts). Resolves when the load ends, with
  // its verdict; the lines that carry it are not reported as errors besides.
  loadProof(text: string): Promise<ProofLoad> {
    if (!this.alive) return Promise.reject(this.gone());
    if (this.proofWaiter) return Promise.reject(new Error("a proof file is already loading"));
    const answer = new Promise<ProofLoad>((resolve, reject) => {
      this.proofWaiter = { resolve, reject, errors: [], timer: null };
    });
    this.onLine(`(a proof file, ${text.length.toLocaleString("en-US")} characters)`, true);
    this.post({ type: "proof", text });
    return answer;
  }

  private settleProof(ok: boolean, text: string): void {
    const w = this.proofWaiter;
    this.proofWaiter = null;
    this.settle(w ?? undefined, { ok, text });
  }

  // Starts a search; resolves with the bestmove token ("(none)" when the game is over).
  // With `listener`, the search's info lines (`info string` ones too) go to it, not to
  // onInfo: the solver's `go solve` and `go mate` report their verdicts so.
  go(limits: string, listener: ((line: string) => void) | null = null): Promise<string> {
    if (!this.alive) return Promise.reject(this.gone());
    if (this.bestmove) return Promise.reject(new Error("a search is already running"));
    const answer = new Promise<string>((resolve, reject) => {
      this.bestmove = { resolve, reject, errors: [], timer: null };
    });
    this.goListener = listener;
    this.send(`go ${limits}`.trim());
    return answer;
  }

  get searching(): boolean {
    return this.bestmove !== null;
  }

  stop(): void {
    if (this.bestmove) this.send("stop");
  }

  private waiter<T>(
    resolve: (value: T) => void,
    reject: (error: Error) => void,
    what: string,
  ): Waiter<T> {
    const w: Waiter<T> = { resolve, reject, errors: [], timer: null };
    w.timer = setTimeout(() => {
      const detail = `no ${what} from the engine within ${kAnswerTimeoutMs} ms`;
      this.failAll(new EngineGone(detail));
      this.setStatus("dead", detail);
    }, kAnswerTimeoutMs);
    return w;
  }

  private post(message: object): void {
    if (this.socket?.open) this.socket.send(JSON.stringify(message));
    else this.onError(`not connected to ${this.where}`);
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as {
      type: string;
      line?: string;
      pid?: number;
      code?: number | null;
      signal?: string | null;
      message?: string;
      reason?: string; // the worker's words for an engine that aborted
    };
    switch (message.type) {
      case "started":
        this.pid = message.pid ?? 0;
        this.setStatus("starting", `engine started (${this.place()})`);
        this.onStarted();
        break;
      case "line":
        this.line(message.line ?? "");
        break;
      case "stderr":
        this.onStderr(message.line ?? "");
        break;
      case "exited": {
        const how =
          message.reason ??
          (message.signal ? `killed by ${message.signal}` : `exit code ${message.code}`);
        this.failAll(new EngineGone(`the engine died (${how})`));
        this.setStatus("dead", `the engine died (${how})`);
        break;
      }
      case "error":
        if (this.proofWaiter && /^proof file: /.test(message.message ?? ""))
          return this.settleProof(false, message.message!.slice("proof file: ".length));
        this.onError(message.message ?? "error");
        if (this.status === "starting" || this.status === "connecting")
          this.setStatus("dead", message.message ?? "error");
        break;
    }
  }

  private line(line: string): void {
    this.onLine(line, false);
    const words = line.trim().split(/\s+/);
    const first = words[0];
    if (first === "info" && words[1] === "string") {
      const text = line.trim().slice("info string ".length);
      if (this.proofWaiter && /^(error: )?ProofFile: /.test(text))
        return this.settleProof(!text.startsWith("error"), text.replace(/^error: /, ""));
      if (/^error\b/.test(text) || /^unknown option\b/.test(text)) {
        (this.readies[0] ?? this.bestmove)?.errors.push(text);
        this.onError(text);
      }
      this.goListener?.(line);
      return;
    }
    if (first === "info") return this.goListener ? this.goListener(line) : this.onInfo(line);
    if (first === "response") return this.settle(this.responses.shift(), words.slice(1).join(" "));
    if (first === "readyok") {
      const w = this.readies.shift();
      return this.settle(w, w?.errors ?? []);
    }
    if (first === "bestmove") {
      const w = this.bestmove;
      this.bestmove = null;
      this.goListener = null;
      return this.settle(w ?? undefined, words[1] ?? "(none)");
    }
    if (first === "id" && words[1] === "name") this.identity.name = words.slice(2).join(" ");
    if (first === "option") this.option(line);
    if (first === "uciok" || first === "ugiok") {
      const w = this.handshake;
      this.handshake = null;
      this.settle(w ?? undefined, undefined);
      this.setStatus("ready", `${this.identity.name} (${this.place()})`);
    }
  }

  // option name <name...> type <t> [default <d...>] [min m] [max m] [var v]...
  private option(line: string): void {
    const m = /^option name (.+?) type (\S+)(.*)$/.exec(line.trim());
    if (!m) return;
    const rest = m[3]!;
    const choices = [...rest.matchAll(/\bvar (\S+)/g)].map((v) => v[1]!);
    const def = /\bdefault (.*?)(?= min | max | var |$)/.exec(rest);
    const bound = (word: string) => {
      const b = new RegExp(`\\b${word} (-?\\d+)\\b`).exec(rest);
      return b ? Number(b[1]) : null;
    };
    this.identity.options.set(m[1]!.toLowerCase(), {
      name: m[1]!,
      type: m[2]!,
      default: def ? def[1]!.trim() : "",
      choices,
      min: bound("min"),
      max: bound("max"),
    });
  }

  // Where the engine runs, for the status: its process, or in this browser.
  private place(): string {
    return this.pid ? `pid ${this.pid}` : `in ${this.where}`;
  }

  private settle<T>(w: Waiter<T> | undefined, value: T): void {
    if (!w) return;
    if (w.timer) clearTimeout(w.timer);
    w.resolve(value);
  }

  private failAll(error: Error): void {
    const all: (Waiter<never> | null | undefined)[] = [
      ...(this.responses as Waiter<never>[]),
      ...(this.readies as Waiter<never>[]),
      this.handshake as Waiter<never> | null,
      this.bestmove as Waiter<never> | null,
      this.proofWaiter as Waiter<never> | null,
    ];
    this.responses = [];
    this.readies = [];
    this.handshake = null;
    this.bestmove = null;
    this.goListener = null;
    this.proofWaiter = null;
    for (const w of all) {
      if (!w) continue;
      if (w.timer) clearTimeout(w.timer);
      w.reject(error);
    }
  }

  private setStatus(status: EngineStatus, detail: string): void {
    this.status = status;
    this.onStatus(status, detail);
  }
}
