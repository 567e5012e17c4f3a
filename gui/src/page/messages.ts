// What the page tells the player besides the board: the errors (the engine's, kept as it
// wrote them, and the page's own), newest first, each with a button to dismiss it; and
// the protocol log, every line sent (`> `) and received, drawn only while it is open.
import { $ } from "./dom.js";

const kMaxErrors = 6;
const kMaxLogLines = 600;

export class Messages {
  private logLines: string[] = [];

  showError(message: string): void {
    const list = $("errors");
    const item = document.createElement("li");
    item.className = "error";
    const text = document.createElement("span");
    text.textContent = message;
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "dismiss";
    dismiss.textContent = "×";
    dismiss.title = "dismiss";
    dismiss.setAttribute("aria-label", "dismiss");
    item.append(text, dismiss);
    list.prepend(item);
    while (list.children.length > kMaxErrors) list.lastElementChild!.remove();
  }

  // Adds `line` to the log (null: none, the log drawn again as it was opened).
  log(line: string | null): void {
    if (line !== null) this.logLines.push(line);
    if (this.logLines.length > kMaxLogLines)
      this.logLines.splice(0, this.logLines.length - kMaxLogLines);
    const log = $("log");
    if (log.closest("details")?.open) log.textContent = this.logLines.join("\n");
  }
}
