/** The lottery's Ed25519 signing key (private, `lottery.key`) and its public half (`lottery.pub`). */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function requireEd25519(key: KeyObject, file: string): void {
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${file}: not an Ed25519 key (found ${key.asymmetricKeyType ?? 'a symmetric key'})`);
  }
}

/**
 * Loads the PKCS#8 PEM private key in `file`, or creates a new Ed25519 key there (mode 0600,
 * never overwriting) when the file does not exist.
 */
export function loadOrCreateSigningKey(file: string): { privateKey: KeyObject; publicKey: KeyObject; created: boolean } {
  if (existsSync(file)) {
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey(readFileSync(file));
    } catch (err) {
      throw new Error(`${file}: not a readable private key (${(err as Error).message})`);
    }
    requireEd25519(privateKey, file);
    return { privateKey, publicKey: createPublicKey(privateKey), created: false };
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  return { privateKey, publicKey, created: true };
}

/** Reads a public key (SPKI PEM, as in `lottery.pub`); throws when it is not Ed25519. */
export function readPublicKey(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(readFileSync(file));
  } catch (err) {
    throw new Error(`${file}: not a readable public key (${(err as Error).message})`);
  }
  requireEd25519(key, file);
  return key;
}

/** The SPKI PEM text of a public key (or of the public half of a private key). */
export function publicKeyPem(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return pub.export({ type: 'spki', format: 'pem' }).toString();
}

/** Hex SHA-256 of the raw 32-byte Ed25519 public key: names the signer in every manifest. */
export function keyFingerprint(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  const jwk = pub.export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('keyFingerprint: not an Ed25519 key');
  return createHash('sha256').update(Buffer.from(jwk.x, 'base64url')).digest('hex');
}
