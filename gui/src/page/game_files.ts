// Games in and out as text: the position box and the loaded files (a record is read here
// and loaded as a game; a position string is checked and sent as one `position` command,
// nothing typed ever reaching the engine as it is), the exported record and the saved
// file.
import { parseTimeControl } from "./clock.js";
import { $ } from "./dom.js";
import { writeGameRecord } from "./game_record.js";
import {
  GameTextError,
  isRecordText,
  parsePositionText,
  parseRecords,
  type RecordGame,
} from "./game_text.js";
import type { App } from "./main.js";
import type { Variant } from "./position.js";
import { isProofText } from "./proof_files.js";

export class GameFiles {
  private records: RecordGame[] = []; // the games of the record loaded last
  shownRecord = 0; // the index of the record's game last loaded

  constructor(private readonly app: App) {}

  loadText(text: string): void {
    try {
      if (isRecordText(text)) {
        this.records = parseRecords(text);
        this.offerRecords();
        this.loadRecord(0);
        return;
      }
      const variant = $<HTMLSelectElement>("variant").value as Variant;
      const position = parsePositionText(variant, text);
      this.app.setup.startFresh({
        variant,
        kichwa: $<HTMLSelectElement>("kichwa").value,
        start: position.start,
        moves: position.moves,
      });
    } catch (e) {
      if (!(e instanceof GameTextError)) throw e;
      this.app.messages.showError(`position box: ${e.message}`);
    }
  }

  // "New game": the record loaded last, its game chooser, the position box and the
  // exported record are no longer about the game on the board.
  forget(): void {
    this.records = [];
    const select = $<HTMLSelectElement>("record-game");
    select.hidden = true;
    select.innerHTML = "";
    $<HTMLTextAreaElement>("position-input").value = "";
    const area = $<HTMLTextAreaElement>("record");
    area.value = "";
    area.hidden = true;
    $("record-download").hidden = true;
  }

  // A record with several games offers them in a list.
  private offerRecords(): void {
    const select = $<HTMLSelectElement>("record-game");
    select.hidden = this.records.length < 2;
    select.innerHTML = this.records
      .map((r, i) => {
        const t = (name: string) => r.tags.get(name) ?? "?";
        return `<option value="${i}">game ${t("Game")}: ${t("South")} – ${t("North")}, ${r.result ?? "*"}</option>`;
      })
      .join("");
  }

  // The record's game `index` as the game on the board, with its players' names.
  loadRecord(index: number): void {
    const record = this.records[index];
    if (!record) return;
    this.shownRecord = index;
    const variant = record.variant ?? ($<HTMLSelectElement>("variant").value as Variant);
    this.app.setup.startFresh({
      variant,
      kichwa: record.kichwaRule ?? "choose",
      start: record.start,
      moves: record.moves,
      moveMs: record.moveMs,
      movers: record.moves.map(() => "record"),
      names: { S: record.tags.get("South") ?? null, N: record.tags.get("North") ?? null },
      // The hints taken, as the page's own records count them (hint.ts).
      hints: { S: hintsTag(record, "SouthHints"), N: hintsTag(record, "NorthHints") },
      fromRecord: true,
    });
  }

  // A file chosen with "Load game": its text in the position box, loaded as typed there
  // (once the player agrees to leave an unfinished game); a proof file goes to the engine
  // instead, the game kept (proof_files.ts).
  async loadFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const session = this.app.session;
    session.setBusy(+1); // reading the file is part of loading the game
    try {
      const text = await file.text();
      if (isProofText(text)) return this.app.proofs.load(file.name, text);
      if (!this.app.setup.confirmDiscard("Load the game")) return;
      $<HTMLTextAreaElement>("position-input").value = text;
      this.loadText(text);
    } catch (e) {
      this.app.messages.showError(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      session.setBusy(-1);
    }
  }

  // The game in the arena's record format (arena.md), as kete-match writes it.
  private recordText(): string | null {
    const { state, session, clocks } = this.app;
    const game = state.game;
    if (!game) return null;
    const engineName = session.engine.identity.name;
    const maxPlies = session.maxPlies();
    const control = parseTimeControl($<HTMLSelectElement>("time-control").value);
    const timeControl =
      clocks.enabled && control
        ? `${control.baseMs / 1000}+${control.incMs / 1000}`
        : this.app.play.limits().replace(" ", "=");
    return writeGameRecord({
      south: game.playerName("S", engineName),
      north: game.playerName("N", engineName),
      variant: game.variant,
      kichwaRule: game.kichwaRule,
      maxPlies,
      timeControl,
      start: game.start,
      moves: game.moves,
      moveMs: game.thinkMs,
      result: game.finalResult,
      reason: game.reason(maxPlies),
      ...(game.flagged ? { termination: "time forfeit" } : {}),
      hints: game.hints,
    });
  }

  // "Export record": the record in the box under the controls, with a link to it.
  exportRecord(): void {
    const text = this.recordText();
    if (text === null) return;
    const area = $<HTMLTextAreaElement>("record");
    area.value = text;
    area.hidden = false;
    const link = $<HTMLAnchorElement>("record-download");
    if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.hidden = false;
  }

  // "Save game": the record downloaded as a file named by the variant and the time.
  saveFile(): void {
    const text = this.recordText();
    if (text === null) return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = `kete-${this.app.state.game!.variant}-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-")}.pgn`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }
}

// A count of hints from a record's tag: a whole number, else none.
function hintsTag(record: RecordGame, name: string): number {
  const n = Number(record.tags.get(name));
  return Number.isInteger(n) && n > 0 ? n : 0;
}
