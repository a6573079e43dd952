/** The terminal's own Ed25519 key pair: the private key in `terminal.key` (PEM, PKCS#8, mode 0600). */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

export const TERMINAL_KEY_FILE = 'terminal.key';

export interface TerminalKeys {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

/** Generates a key pair and writes the private key to `file`, readable by its owner only; refuses to overwrite. */
export function createTerminalKey(file: string): TerminalKeys {
  const { privateKey } = generateKeyPairSync('ed25519');
  return writeTerminalKey(file, privateKey);
}

/** Writes a key pair made beforehand (enrolment makes it before central names the terminal); refuses to overwrite. */
export function writeTerminalKey(file: string, privateKey: KeyObject): TerminalKeys {
  const publicKey = createPublicKey(privateKey);
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
  writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  return { privateKey, publicKey };
}

/** Reads the private key file and derives its public key. */
export function readTerminalKey(file: string): TerminalKeys {
  const privateKey = createPrivateKey(readFileSync(file));
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${file} is not an Ed25519 private key`);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** PEM (SPKI) text of a public key, as stored in the terminal row. */
export function publicKeyPemOf(key: KeyObject): string {
  return key.export({ format: 'pem', type: 'spki' }).toString();
}
