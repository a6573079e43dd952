/**
 * Checks central's enrolment answer before anything is kept (issue #20): it must be for this request
 * (its nonce, this terminal's key), authenticated by the one-time code (its MAC), and its keys must chain
 * to the root whose fingerprint came with the code, out of band; the answer is signed by an online key
 * that root certified. Any failure refuses the whole answer: nothing is applied.
 */
import { lotterySigningString, type Certificate, type EnrolAnswer, type Enrolment } from '../../../common/protocol/index.js';
import { checkCertificate, checkRevocation, checkRoot, KeyChainError } from '../../../node/outcome/certificates.js';
import { publicKeyPem } from '../../../node/outcome/keys.js';
import { enrolMacMatches } from '../../../node/protocol/enrol-code.js';
import { SyncError } from './errors.js';
import { assertLotterySigned } from './lottery-signature.js';

export interface ExpectedEnrolment {
  /** The root fingerprint from the enrolment letter (normalised). */
  readonly root: string;
  readonly nonce: string;
  readonly terminalKey: string;
  readonly macKey: Buffer;
}

/** The answer's enrolment and the certificates to keep (those of keys not revoked), or SyncError('enrol-refused'). */
export function checkEnrolAnswer(answer: EnrolAnswer, expected: ExpectedEnrolment): { enrolment: Enrolment; certificates: Certificate[] } {
  const e = answer.enrolment;
  const refuse = (why: string): never => {
    throw new SyncError('enrol-refused', `enrolment refused, nothing kept: ${why}`);
  };
  if (e.nonce !== expected.nonce) refuse('the answer is not for this request (an old answer replayed?)');
  if (!enrolMacMatches(expected.macKey, lotterySigningString('enrolment', e), answer.mac)) {
    refuse('the answer is not authenticated by the enrolment code (altered on the way, or not from the central that issued the code)');
  }
  if (e.terminal_key !== expected.terminalKey) refuse('central enrolled another key than this terminal sent');
  try {
    const root = checkRoot(e.root, expected.root);
    const revoked = new Set(e.revocations.map((r) => checkRevocation(r, root).fingerprint));
    const certificates = e.certificates.filter((c) => !revoked.has(c.body.fingerprint));
    const online = new Map<string, string>();
    for (const c of certificates) {
      const key = checkCertificate(c, root);
      if (c.body.role === 'online') online.set(c.body.fingerprint, publicKeyPem(key));
    }
    assertLotterySigned('enrolment', e, answer.signer, answer.signature, online);
    return { enrolment: e, certificates };
  } catch (err) {
    if (err instanceof KeyChainError) return refuse(err.message);
    if (err instanceof SyncError) return refuse(`${err.message} (its signer must be an online key the lottery root certified)`);
    throw err;
  }
}
