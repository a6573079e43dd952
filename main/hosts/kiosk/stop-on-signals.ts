/**
 * SIGINT and SIGTERM for the kiosk, from its first step: a signal's default action ends the process
 * without its 'exit' event, which left the demo's children (the demo central, the lottery's commands)
 * running when the kiosk was stopped while it was still setting up. Until the kiosk runs, a signal
 * stops those children and ends the process (128 + the signal's number); once it runs, the first
 * signal stops it cleanly (exit 0) and a second one ends it at once.
 */
import { constants } from 'node:os';
import { stopDemoChildren } from './demo-central.js';

export interface SignalStop {
  /** From now on a signal stops the kiosk with `stop`. */
  running(stop: () => Promise<void>): void;
}

export function stopOnSignals(): SignalStop {
  let stop: (() => Promise<void>) | null = null;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    const code = 128 + (constants.signals[signal as keyof typeof constants.signals] ?? 0);
    if (stopping) process.exit(code);
    stopping = true;
    const running = stop;
    void (running ?? stopDemoChildren)().then(
      () => process.exit(running ? 0 : code),
      (err: unknown) => {
        console.error(`guichet: while stopping: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    running(s) {
      stop = s;
    },
  };
}
