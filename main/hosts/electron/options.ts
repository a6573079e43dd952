/**
 * The Electron app's command line: `--data DIR` (else GUICHET_DATA, else the per-user default),
 * `--printer URI` (else GUICHET_PRINTER, else the virtual printer), `--kiosk` / `--no-kiosk`, and
 * `--customer-display` to open the customer window even on a single screen (development), `--demo` for
 * the demo terminal on an empty data folder (development).
 * `kiosk` here is the decision before the terminal is open (no technician's override known yet);
 * main.ts decides again once it can read the override.
 */
import { resolveKioskDataDir } from '../../kernel/data-folder.js';
import { isKioskMode } from './kiosk.js';

export interface ElectronOptions {
  readonly dataDir: string;
  readonly printer?: string;
  readonly kiosk: boolean;
  readonly forceCustomerDisplay: boolean;
  /** `--demo`: set up the demo terminal on an empty data folder (development only). */
  readonly demo: boolean;
}

/** The value of `--name VALUE` or `--name=VALUE`, if given. */
export function argValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === name) return argv[i + 1];
    if (arg?.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}

export function electronOptions(argv: readonly string[], env: NodeJS.ProcessEnv, packaged: boolean): ElectronOptions {
  const printer = argValue(argv, '--printer') ?? env.GUICHET_PRINTER;
  return {
    // The demo given no folder has its own, as with guichet kiosk --demo.
    dataDir: resolveKioskDataDir(argValue(argv, '--data'), argv.includes('--demo'), env),
    ...(printer ? { printer } : {}),
    kiosk: isKioskMode({ argv, env, packaged }),
    forceCustomerDisplay: argv.includes('--customer-display'),
    demo: argv.includes('--demo'),
  };
}
