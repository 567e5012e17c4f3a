// Chess clocks for the two players: each side's time runs while it is to move (and the
// game is live), an increment is added after each of its moves, and a side whose time
// runs out loses. The engine is told both clocks (`go wtime .. btime .. winc .. binc ..`,
// white = South) and plays on its own.
import type { Side } from "./position.js";

export interface TimeControl {
  baseMs: number;
  incMs: number;
}

// "300+5": five minutes, five seconds a move; "" for none.
export function parseTimeControl(text: string): TimeControl | null {
  const m = /^(\d+)\+(\d+)$/.exec(text);
  return m ? { baseMs: Number(m[1]) * 1000, incMs: Number(m[2]) * 1000 } : null;
}

// m:ss, with tenths under 20 seconds.
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  const minutes = Math.floor(clamped / 60000);
  const seconds = (clamped - minutes * 60000) / 1000;
  const shown = clamped < 20000 ? seconds.toFixed(1) : String(Math.floor(seconds));
  return `${minutes}:${seconds < 10 ? "0" : ""}${shown}`;
}

export class Clocks {
  remaining: Record<Side, number> = { S: 0, N: 0 };
  private last = 0;

  constructor(readonly control: TimeControl) {
    this.reset();
  }

  reset(): void {
    this.remaining = { S: this.control.baseMs, N: this.control.baseMs };
    this.last = performance.now();
  }

  // Charges the time since the last tick to `running` (null: no clock runs); returns the
  // side whose time ran out, if any.
  tick(running: Side | null): Side | null {
    const now = performance.now();
    if (running) this.remaining[running] -= now - this.last;
    this.last = now;
    if (!running || this.remaining[running] > 0) return null;
    this.remaining[running] = 0;
    return running;
  }

  moved(side: Side): void {
    this.remaining[side] += this.control.incMs;
  }

  goLimits(): string {
    const ms = (side: Side) => Math.max(1, Math.round(this.remaining[side]));
    return `wtime ${ms("S")} btime ${ms("N")} winc ${this.control.incMs} binc ${this.control.incMs}`;
  }
}
