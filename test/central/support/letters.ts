/**
 * The enrolment letters of a test run: each one-time code with the lottery root's fingerprint that
 * `terminal add` printed beside it. Helpers that register terminals remember them here, so that helpers
 * that enrol (test/main/services/sync/) pass the root as a technician types it from the letter; and the
 * root's private key file, to certify test keys with it (`certifyForTest`).
 */
import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { KeyRole } from '../../../common/protocol/index.js';
import { certify } from '../../../node/outcome/certificates.js';
import type { Central } from '../../../central/store/context.js';
import { addCertificate } from '../../../central/store/keys.js';

const roots = new Map<string, string>();

/** Remembers the letter of a code: the root fingerprint printed with it. */
export function rememberLetter(letter: { code: string; root: string }): string {
  roots.set(letter.code, letter.root);
  return letter.code;
}

/** The root fingerprint of the letter that carried `code` (throws for a code no helper registered). */
export function rootOfCode(code: string): string {
  const root = roots.get(code);
  if (!root) throw new Error(`no enrolment letter for code ${code}: register the terminal through a test helper (rememberLetter)`);
  return root;
}

/** The root certifies the public key in `publicKeyFile` for `role`, at central (stored and announced on the feed). */
export async function certifyForTest(central: Central, rootKeyFile: string, publicKeyFile: string, role: KeyRole = 'emission'): Promise<void> {
  const root = createPrivateKey(readFileSync(rootKeyFile));
  await addCertificate(central, 'test', certify(root, role, createPublicKey(readFileSync(publicKeyFile)), central.now()));
}
