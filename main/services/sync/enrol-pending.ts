/**
 * The key of an enrolment under way, kept in the data folder (mode 0600) until the terminal exists: when
 * central's answer is lost or refused, the next `guichet enroll` with the same code asks again with the
 * same key, and central answers it again (the code is spent on that key alone).
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PENDING_FILE = 'enrol-pending.json';

interface PendingFile {
  readonly format: 'guichet-enrol-pending/1';
  /** The code (by its id) this key was sent with. */
  readonly code_id: string;
  readonly private_key_pem: string;
}

/** The key to enrol with for the code `codeId`: the one already sent with it, else a new one (kept). */
export function pendingEnrolKey(root: string, codeId: string): KeyObject {
  const file = path.join(root, PENDING_FILE);
  if (existsSync(file)) {
    try {
      const held = JSON.parse(readFileSync(file, 'utf8')) as PendingFile;
      if (held.format === 'guichet-enrol-pending/1' && held.code_id === codeId) return createPrivateKey(held.private_key_pem);
    } catch {
      // Unreadable: a new key (the old one, if sent, is spent with its code).
    }
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const body: PendingFile = { format: 'guichet-enrol-pending/1', code_id: codeId, private_key_pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
  writeFileSync(`${file}.part`, `${JSON.stringify(body)}\n`, { mode: 0o600 });
  renameSync(`${file}.part`, file);
  return privateKey;
}

/** Forgets the pending key once the terminal holds it as terminal.key. */
export function dropPendingEnrolKey(root: string): void {
  rmSync(path.join(root, PENDING_FILE), { force: true });
}
