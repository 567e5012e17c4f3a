// Why not (issue #31): a pit clicked that cannot start a move, or a typed move that is not
// legal, is answered in words beside the board. The words are the engine's (`query why`,
// docs/protocol.md), derived from the rules, never a protocol error. The engine's
// position is the one shown whenever the player may move (Play.humanMayMove).
import { $ } from "./dom.js";
import type { App } from "./main.js";

export class WhyNot {
  // Bumped by every new question and by clear(): an answer that comes late is dropped.
  private asked = 0;

  constructor(private readonly app: App) {}

  // A pit that starts no move: why, for each way it could be played (kigogo: the pit
  // alone; otherwise L and R). Two different reasons are both shown, by token.
  async explainPit(pit: string): Promise<void> {
    const variant = this.app.state.game?.variant;
    const tokens = variant === "kigogo" ? [pit] : [`${pit}L`, `${pit}R`];
    // Tokens ignore case (protocol.md): the engine calls North's a6L legal when South's
    // A6L is. A clicked pit that starts no move and whose tokens are legal is therefore
    // the opponent's twin of a pit that can move; its name's case tells the owner.
    const owner = pit[0] === pit[0]!.toLowerCase() ? "North" : "South";
    await this.explain(tokens, `${pit} is ${owner}'s pit`);
  }

  // A typed token that names no legal move.
  async explainTyped(token: string): Promise<void> {
    await this.explain([token]);
  }

  clear(): void {
    ++this.asked;
    $("why-not").textContent = "";
  }

  private async explain(tokens: string[], allLegal: string | null = null): Promise<void> {
    const question = ++this.asked;
    const engine = this.app.session.engine;
    const answers: [string, string][] = [];
    try {
      for (const token of tokens) {
        const answer = (await engine.query(`why ${token}`)).trim();
        if (answer && answer !== "legal") answers.push([token, answer]);
      }
    } catch {
      return; // the engine gone: the page says so elsewhere
    }
    if (question !== this.asked) return;
    if (answers.length === 0) {
      if (allLegal !== null) $("why-not").textContent = `Not a move: ${allLegal}.`;
      return;
    }
    const distinct = new Set(answers.map(([, a]) => a));
    const text =
      distinct.size === 1
        ? answers[0]![1]
        : answers.map(([token, answer]) => `${token}: ${answer}`).join("; ");
    $("why-not").textContent = `Not a move: ${text}.`;
  }
}
