/**
 * Short sounds made with WebAudio (no audio files): a bright rising arpeggio for a winner, a soft
 * falling pair for a ticket that wins nothing, a double buzz for a refusal, a chime once paid.
 * Never throws: a kiosk without sound keeps working.
 */
export type ToneKind = 'win' | 'lose' | 'alert' | 'paid';

interface Note {
  readonly freq: number;
  readonly at: number;
  readonly dur: number;
  readonly type?: OscillatorType;
  readonly gain?: number;
}

/** The notes of each sound (Hz, seconds from start). Distinct in pitch direction, timbre and length. */
export const TONES: Readonly<Record<ToneKind, readonly Note[]>> = {
  win: [
    { freq: 523.25, at: 0, dur: 0.12 },
    { freq: 659.25, at: 0.1, dur: 0.12 },
    { freq: 783.99, at: 0.2, dur: 0.12 },
    { freq: 1046.5, at: 0.3, dur: 0.35 },
  ],
  lose: [
    { freq: 392, at: 0, dur: 0.18, type: 'triangle' },
    { freq: 293.66, at: 0.18, dur: 0.32, type: 'triangle' },
  ],
  alert: [
    { freq: 220, at: 0, dur: 0.14, type: 'square', gain: 0.12 },
    { freq: 220, at: 0.2, dur: 0.14, type: 'square', gain: 0.12 },
  ],
  paid: [
    { freq: 880, at: 0, dur: 0.1 },
    { freq: 1318.5, at: 0.09, dur: 0.3 },
  ],
};

let context: AudioContext | null = null;

/** Plays one of the sounds; returns false when the platform has no sound. */
export function playTone(kind: ToneKind): boolean {
  try {
    const Ctor = globalThis.AudioContext;
    if (!Ctor) return false;
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const start = ctx.currentTime + 0.01;
    for (const n of TONES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = n.type ?? 'sine';
      osc.frequency.value = n.freq;
      const peak = n.gain ?? 0.25;
      gain.gain.setValueAtTime(0.0001, start + n.at);
      gain.gain.exponentialRampToValueAtTime(peak, start + n.at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + n.at + n.dur);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + n.at);
      osc.stop(start + n.at + n.dur + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}
