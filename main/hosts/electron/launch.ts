/**
 * Starts the Electron app from plain Node (the `guichet kiosk` command): Electron's binary on the built
 * entry, with the kiosk's arguments. Never imports Electron's API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { electronBinary, electronMainEntry } from './electron-binary.js';

export interface LaunchOptions {
  /** Arguments for the app: `--data DIR`, `--printer URI`, `--kiosk`, `--customer-display`. */
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** Electron's binary (default: the installed one). */
  readonly binary?: string;
  /** The built entry (default: `out/main/hosts/electron/main.js`). */
  readonly entry?: string;
}

/** Why Electron cannot start here (one line), or null when it can. */
export function electronUnavailableReason(options: Pick<LaunchOptions, 'binary' | 'entry'> = {}): string | null {
  const binary = options.binary ?? electronBinary();
  if (!binary) return "Electron's binary is not installed";
  const entry = options.entry ?? electronMainEntry();
  if (!existsSync(entry)) return `the Electron app is not built (${entry} missing: run npm run build)`;
  return null;
}

/** Spawns Electron on the built entry, sharing this terminal's stdio; throws when it cannot start here. */
export function launchElectron(options: LaunchOptions = {}): ChildProcess {
  const reason = electronUnavailableReason(options);
  if (reason) throw new Error(reason);
  const binary = (options.binary ?? electronBinary()) as string;
  const entry = options.entry ?? electronMainEntry();
  // ELECTRON_RUN_AS_NODE would turn the binary into a plain Node.
  const { ELECTRON_RUN_AS_NODE: _asNode, ...env } = options.env ?? process.env;
  return spawn(binary, [entry, ...(options.args ?? [])], { stdio: 'inherit', env });
}
