// The lines of a process's output, with a bound on what one line may hold: readline keeps
// a line without end whole, so an engine printing without a newline would grow the
// server without limit. A longer line is passed on cut at the bound, marked, and the
// rest of it dropped. Pausing the stream pauses the lines (at most one chunk's worth
// still arrives), which is how the session passes a slow page's backpressure to the
// engine.
import type { Readable } from "node:stream";

export const kTruncationMark = " [...]";

export class LineReader {
  private partial = "";
  private dropping = false;

  constructor(
    private readonly stream: Readable,
    private readonly maxLength: number,
    private readonly onLine: (line: string) => void,
  ) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => this.take(chunk));
    stream.on("end", () => {
      if (this.partial !== "" && !this.dropping) this.emit(this.partial);
      this.partial = "";
    });
    stream.on("error", () => {}); // the process's 'close' reports how it ended
  }

  pause(): void {
    this.stream.pause();
  }

  resume(): void {
    this.stream.resume();
  }

  private take(chunk: string): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf("\n", start);
      if (end < 0) break;
      const piece = chunk.slice(start, end);
      if (!this.dropping) this.emit(this.partial + piece);
      this.partial = "";
      this.dropping = false;
      start = end + 1;
    }
    if (this.dropping) return;
    this.partial += chunk.slice(start);
    if (this.partial.length > this.maxLength) {
      this.emit(this.partial);
      this.partial = "";
      this.dropping = true;
    }
  }

  private emit(line: string): void {
    const text = line.endsWith("\r") ? line.slice(0, -1) : line;
    this.onLine(
      text.length > this.maxLength ? text.slice(0, this.maxLength) + kTruncationMark : text,
    );
  }
}
