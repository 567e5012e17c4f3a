// Sounds of the sowing, off by default: a short tick for each seed dropped and a lower,
// longer tone for a capture (WebAudio, no sound files).

export class Sound {
  enabled = false;
  private context: AudioContext | null = null;

  // Called for each animation frame with its note ("sow", "capture", ...).
  play(note: string): void {
    if (!this.enabled) return;
    if (note !== "sow" && note !== "capture") return;
    try {
      this.context ??= new AudioContext();
      const ctx = this.context;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      const capture = note === "capture";
      oscillator.type = capture ? "triangle" : "sine";
      oscillator.frequency.value = capture ? 220 : 880;
      const length = capture ? 0.18 : 0.04;
      const now = ctx.currentTime;
      gain.gain.setValueAtTime(capture ? 0.25 : 0.12, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + length);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(now);
      oscillator.stop(now + length);
    } catch {
      this.enabled = false; // no audio on this browser: stay silent
    }
  }
}
