/**
 * Enrolment from the provisioning screen: the enrolment letter's fields as typed, checked one by one so
 * that the screen can say which is wrong (`enrol-input` with its `problem`), then `enrollTerminal` as
 * `guichet enroll` runs it. The terminal is closed again: the host opens it as its application.
 */
import type { ParsedInputOf } from '../../../common/api/contract.js';
import type { EnrolledView } from '../../../common/api/methods/provisioning.js';
import { normaliseFingerprint, splitCentralUrls } from '../../../common/protocol/index.js';
import { ServiceError } from '../../kernel/errors.js';
import { checkNewOperator } from '../operators/operators.js';
import { checkCentralCa, checkCentralCaFingerprint, checkCentralUrl } from './central-url.js';
import { CentralAnswerError, CentralUnreachableError } from './client.js';
import { enrollTerminal } from './enroll.js';
import { SyncError } from './errors.js';

type Letter = ParsedInputOf<'provisioning.enroll'>;

/** A field of the letter that cannot be right, by its problem (the screen words each). */
function refuse(problem: 'central-url' | 'ca-needed' | 'ca' | 'ca-mismatch' | 'root', message: string): never {
  throw new ServiceError('enrol-input', message, { problem });
}

function checkLetter(letter: Letter): string | undefined {
  const urls = splitCentralUrls(letter.central);
  for (const u of urls) {
    try {
      checkCentralUrl(u);
    } catch (err) {
      refuse('central-url', (err as Error).message);
    }
  }
  if (urls.length === 0) refuse('central-url', "give central's address");
  const ca = letter.central_ca?.trim() ? letter.central_ca.trim() : undefined;
  if (urls.some((u) => u.startsWith('https:')) && !ca) refuse('ca-needed', "central's https is pinned to the lottery's certificate authority: paste the certificate handed out with the code");
  if (ca) {
    try {
      checkCentralCa(ca);
    } catch (err) {
      refuse('ca', (err as Error).message);
    }
    if (letter.central_ca_fingerprint) {
      try {
        checkCentralCaFingerprint(ca, letter.central_ca_fingerprint);
      } catch (err) {
        refuse('ca-mismatch', (err as Error).message);
      }
    }
  } else if (letter.central_ca_fingerprint) refuse('ca-needed', "the authority's fingerprint checks its certificate: paste the certificate too");
  if (!normaliseFingerprint(letter.root)) refuse('root', `'${letter.root}' is not the lottery root's fingerprint: copy the 64 hex digits of the enrolment letter`);
  // The manager's name and PIN, by the operators' own rules (bad-name, bad-pin with its problem).
  checkNewOperator({ name: letter.manager, role: 'manager', pin: letter.pin });
  return ca;
}

export async function enrollFromLetter(dataDir: string, letter: Letter): Promise<EnrolledView> {
  const ca = checkLetter(letter);
  try {
    const { terminal, manager, enrolment } = await enrollTerminal(dataDir, { centralUrl: letter.central, code: letter.code, root: letter.root, managerName: letter.manager, pin: letter.pin, ...(ca ? { centralCa: ca } : {}) });
    terminal.close();
    return { terminal_id: terminal.id, retailer: enrolment.retailer, manager: manager.name };
  } catch (err) {
    if (err instanceof CentralUnreachableError) throw new ServiceError('central-unreachable', err.message, { problem: 'enrol' });
    // Central refused the code (unknown, spent, expired) or its answer did not chain to the letter's root.
    if (err instanceof CentralAnswerError) throw new ServiceError('enrol-refused', err.message, { reason: err.reason });
    if (err instanceof SyncError && err.code === 'enrol-refused') throw new ServiceError('enrol-refused', err.message, { reason: 'answer' });
    throw err;
  }
}
