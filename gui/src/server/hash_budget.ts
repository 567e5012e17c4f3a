// The Hash all sessions' engines may hold together, in MiB (issue #29, item 14): each
// session may set at most kMaxHashMiB (client_message.ts), and together no more than the
// server's budget, by default half of the machine's memory. An engine holds what its page
// set, the largest value since it started (a setting the engine refused, during a search,
// may have left the larger table in place), until it is killed or exits. An engine's own
// default (kete's 16 MiB) is not counted.
import os from "node:os";

// One engine's share; closed once the engine is gone.
export interface HashShare {
  mib: number;
  closed: boolean;
}

export class HashBudget {
  private used = 0;

  constructor(readonly totalMiB: number) {}

  static machineDefault(): number {
    return Math.floor(os.totalmem() / (2 * 1024 * 1024));
  }

  // Grows `share` to `mib` if the budget allows; returns why not, or null.
  reserve(share: HashShare, mib: number): string | null {
    if (share.closed || mib <= share.mib) return null;
    const others = this.used - share.mib;
    if (others + mib > this.totalMiB)
      return (
        `Hash ${mib} MiB refused: the server's sessions already hold ${others} of its ` +
        `${this.totalMiB} MiB for Hash; this session may set at most ` +
        `${Math.max(share.mib, this.totalMiB - others)} MiB`
      );
    this.used += mib - share.mib;
    share.mib = mib;
    return null;
  }

  // The engine is gone (killed or exited): its share goes back, once.
  release(share: HashShare): void {
    this.used -= share.mib;
    share.mib = 0;
    share.closed = true;
  }
}
