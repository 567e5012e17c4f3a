// The engine session: everything the page asks the engine goes through one queue of
// tasks. A new task cancels the one running: the engine's search is stopped and the
// running task's epoch is no longer the current one, so it gives up at its next step and
// the page never talks over itself. The session also remembers the options it has sent,
// to send each only when it changes.
import { EngineGone, type EngineIdentity } from "./engine_client.js";
import type { Game } from "./game.js";
import type { Variant } from "./position.js";
import { engineClient } from "./static_site.js";
import { eloRange, parseEloScale, strengthCommands, withScale, type EloRange } from "./strength.js";

export type Task = (epoch: number) => Promise<void>;

export class Session {
  // The GUI server's engine, or on the static site one in this browser.
  readonly engine = engineClient();
  eloRange: EloRange | null = null; // the engine's UCI_Elo scale, when it has one
  searchPly: number | null = null; // the game position the running search is about
  private epoch = 0;
  private chain: Promise<void> = Promise.resolve();
  private running = 0;
  private multipvSent = 0;
  private strengthSent: number | null | undefined = undefined; // the Elo set, null: full; undefined: not known

  onQueued: () => void = () => {}; // a task is queued; the one running is being cancelled
  onRun: () => void = () => {}; // a task (not cancelled while it waited) starts
  onSettled: () => void = () => {}; // a task is over, done, failed or cancelled
  onError: (message: string) => void = () => {};
  onBusy: (busy: boolean) => void = () => {};
  onSearching: (on: boolean) => void = () => {};

  schedule(task: Task): Promise<void> {
    const epoch = ++this.epoch;
    this.engine.stop();
    this.setBusy(+1); // busy from now on: a queued task counts
    this.onQueued();
    const run = this.chain.then(async () => {
      try {
        if (epoch !== this.epoch) return;
        this.onRun();
        await task(epoch);
      } catch (e) {
        if (!(e instanceof EngineGone)) this.onError(e instanceof Error ? e.message : String(e));
      } finally {
        this.setBusy(-1);
        this.onSettled();
      }
    });
    this.chain = run;
    return run;
  }

  // Stops what runs (a search, an animation) and does nothing else.
  interrupt(): void {
    void this.schedule(async () => {});
  }

  // The newest task's epoch: work done beside it (a preview during an analysis) stops
  // when a newer task comes.
  get currentEpoch(): number {
    return this.epoch;
  }

  // Whether the task of `epoch` is still the newest: an older one stops where it is.
  isCurrent(epoch: number): boolean {
    return epoch === this.epoch;
  }

  get busy(): boolean {
    return this.running > 0;
  }

  setBusy(delta: number): void {
    this.running += delta;
    this.onBusy(this.running > 0);
  }

  // A fresh engine: who it is, and nothing sent to it yet.
  async identify(): Promise<EngineIdentity> {
    const identity = await this.engine.identify();
    this.multipvSent = 0;
    this.strengthSent = undefined;
    this.eloRange = eloRange(identity);
    return identity;
  }

  async applyRules(variant: Variant, kichwa: string): Promise<void> {
    await this.engine.command(`setoption name UCI_Variant value ${variant}`);
    if (variant === "kujifunza" && this.engine.identity.options.has("kichwarule"))
      await this.engine.command(`setoption name KichwaRule value ${kichwa}`);
    await this.engine.command("ucinewgame");
    await this.readEloScale();
  }

  // kete's strength scale differs by variant: `query elo` gives the current one, whose
  // levels the presets play at (strength.ts). Other engines are not asked.
  private async readEloScale(): Promise<void> {
    const base = eloRange(this.engine.identity);
    if (!base || !/^kete\b/i.test(this.engine.identity.name)) return;
    const levels = parseEloScale(await this.engine.query("elo"), base);
    this.eloRange = levels ? withScale(base, levels) : base;
    this.strengthSent = undefined; // the same preset may be another Elo now
  }

  async setMultiPV(lines: number): Promise<void> {
    if (this.multipvSent === lines || !this.engine.identity.options.has("multipv")) return;
    await this.engine.command(`setoption name MultiPV value ${lines}`);
    this.multipvSent = lines;
  }

  // The engine's strength for its next search: `elo`, or full strength (null). Sent only
  // when it changes, so a preset changed during a game applies from the engine's next move.
  async setStrength(elo: number | null): Promise<void> {
    if (!this.eloRange || this.strengthSent === elo) return;
    for (const line of strengthCommands(elo)) await this.engine.command(line);
    this.strengthSent = elo;
  }

  // The legal moves of the engine's position.
  async legalMoves(): Promise<string[]> {
    return (await this.engine.query("moves")).split(/\s+/).filter(Boolean);
  }

  // The game's legal moves and result, from the engine on its position.
  async refreshLegal(game: Game): Promise<void> {
    game.legal = await this.legalMoves();
    const result = await this.engine.query("result");
    game.result = result === "p1win" || result === "p2win" || result === "draw" ? result : "none";
  }

  // A search of the game's position `ply` (its rank-1 reports are that position's score,
  // review.ts); `sent` runs once the search is asked for. Resolves with its best move.
  async search(ply: number, limits: string, sent: () => void = () => {}): Promise<string> {
    this.searchPly = ply;
    const best = this.engine.go(limits);
    this.onSearching(true);
    sent();
    try {
      return await best;
    } finally {
      this.onSearching(false);
      this.searchPly = null;
    }
  }

  // The engine's limit on the game's length, in plies.
  maxPlies(): number {
    return Number(this.engine.identity.options.get("maxplies")?.default) || 1000;
  }
}
