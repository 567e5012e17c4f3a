// A proof file (docs/solver.md, "Proof files": `kete-solve` writes them) loaded with "Load
// game" as a game is: its text goes to the GUI server, which writes it to a private file
// and sets the engine's `ProofFile` to it (src/server/engine_session.ts). The engine then
// plays and analyses the proven positions perfectly (`score mate N`). The game on the board
// stays; a proof of other rules than the game's, a text too large or one the engine's
// checker refuses is refused with the reason in words, and the proof in use before stays.
import { $ } from "./dom.js";
import type { App } from "./main.js";
import { inThisBrowser } from "./static_site.js";

// The longest proof text sent (src/server/client_message.ts, kMaxProofLength).
export const kMaxProofLength = 512 * 1024;

export function isProofText(text: string): boolean {
  return /^kete-proof /.test(text);
}

// The rules a proof's header names: `variant` and, for kujifunza, `KichwaRule`.
export function proofRules(text: string): { variant: string | null; kichwa: string | null } {
  const header = text.split("\n", 12);
  const value = (key: string) =>
    header
      .find((l) => l.startsWith(`${key} `))
      ?.slice(key.length + 1)
      .trim() ?? null;
  return { variant: value("variant"), kichwa: value("KichwaRule") };
}

// The engine's words about the server's file told as the player's file `name`.
export function proofMessage(text: string, name: string): string {
  const said = text.replace(/^ProofFile: /, "").replace(/'[^']*\/proof-\d+\.proof'/g, `'${name}'`);
  const loaded = /loaded: (\d+) positions? proven/.exec(said);
  if (loaded) {
    const n = Number(loaded[1]);
    return `Proof file ${name} loaded: ${n.toLocaleString("en-US")} position${n === 1 ? "" : "s"} proven`;
  }
  return `Proof file ${name} refused: ${said}`;
}

export class ProofFiles {
  constructor(private readonly app: App) {}

  // A fresh engine: no proof file loaded.
  forget(): void {
    const status = $("proof-status");
    status.textContent = "";
    delete status.dataset.loaded;
  }

  load(name: string, text: string): void {
    const { state, session, messages } = this.app;
    const refuse = (why: string) => messages.showError(`Proof file ${name} refused: ${why}`);
    if (inThisBrowser())
      return refuse(
        "the engine in this browser reads no files; proof files need the GUI server's engine",
      );
    if (!session.engine.identity.options.has("prooffile"))
      return refuse(`the engine (${session.engine.identity.name}) has no ProofFile option`);
    if (text.length > kMaxProofLength)
      return refuse(
        `it is too large for the page (${text.length.toLocaleString("en-US")} characters, at most ${kMaxProofLength.toLocaleString("en-US")})`,
      );
    const game = state.game;
    const rules = proofRules(text);
    const kichwa = game?.variant === "kujifunza" ? game.kichwaRule : null;
    if (game && (rules.variant !== game.variant || (kichwa && rules.kichwa !== kichwa)))
      return refuse(
        `it proves a position of ${rules.variant ?? "no variant"}${rules.kichwa ? ` (kichwa ${rules.kichwa})` : ""}, ` +
          `the game on the board is ${game.variant}${kichwa ? ` (kichwa ${kichwa})` : ""}: start a game of its rules first`,
      );
    void session.schedule(async (epoch) => {
      const status = $("proof-status");
      status.textContent = `Loading the proof file ${name}…`;
      const result = await session.engine.loadProof(text);
      const said = proofMessage(result.text, name);
      if (result.ok) status.textContent = said;
      else {
        status.textContent = status.dataset.loaded ?? "";
        messages.showError(said);
      }
      if (result.ok) status.dataset.loaded = said;
      status.dataset.loads = String(Number(status.dataset.loads ?? 0) + 1); // loads ended
      // An analysis running goes on with the proof.
      await this.app.play.carryOn(epoch);
    });
  }
}
