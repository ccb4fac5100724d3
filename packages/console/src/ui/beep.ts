// A short beep through Web Audio (no sound file): unlocked by a Sound switch's click; new alarms, the Live tag test.

type AudioCtor = new () => AudioContext;
let ctx: AudioContext | null = null;

function context(): AudioContext | null {
  if (ctx) return ctx;
  const Ctor =
    (globalThis as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioCtor }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    ctx = new Ctor();
  } catch {
    return null;
  }
  return ctx;
}

/** Called from a click: browsers start audio only after a user gesture. */
export function unlockAudio(): void {
  void context()
    ?.resume?.()
    .catch(() => {});
}

/** 0.2 s of 880 Hz at a modest volume, `delayS` from now; silently nothing where Web Audio is missing or blocked. */
export function beep(delayS = 0): void {
  const ac = context();
  if (!ac) return;
  try {
    // After a reload the switch is on but no click unlocked the context: the page's earlier clicks allow it now.
    if (ac.state === "suspended") void ac.resume?.().catch(() => {});
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.15;
    osc.connect(gain);
    gain.connect(ac.destination);
    const at = ac.currentTime + delayS;
    osc.start(at);
    osc.stop(at + 0.2);
  } catch {
    // No audio: the panel and the title still say it.
  }
}
