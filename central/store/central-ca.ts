/**
 * The pin on central's TLS certificate (#39): the authorities it may chain to, announced to every
 * terminal only as the lottery root signed them (`guichet central tls announce --root`, signed where the
 * root is, never at central) and under dual control (admin/ops.ts `tls.announce`). Central checks the
 * root's signature, that each is a certificate authority and that the announcement is newer than the
 * last one; each terminal checks the signature again with its own root before it changes its pin.
 */
import { X509Certificate } from 'node:crypto';
import type { CaAnnouncement, CaAnnouncementBody } from '../../common/protocol/index.js';
import { checkCaAnnouncement, KeyChainError } from '../../node/outcome/certificates.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { appendFeed } from './feed.js';
import { lotteryRoot } from './keys.js';
import { lastCaAnnouncementAt } from './queries/feed.js';

/** The announcement's body once the root's signature, the authorities and its date check; else a CentralError (400, 409). */
export async function checkCentralCaAnnouncement(q: Queryable, announcement: CaAnnouncement): Promise<{ body: CaAnnouncementBody; fingerprints: string[] }> {
  const { key: root } = await lotteryRoot(q);
  let body: CaAnnouncementBody;
  try {
    body = checkCaAnnouncement(announcement, root);
  } catch (err) {
    if (err instanceof KeyChainError) throw new CentralError('bad_announcement', `${err.message}: sign it with the root (guichet central tls announce --root FILE)`, 400);
    throw err;
  }
  const fingerprints = body.certificates.map((pem) => {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(pem);
    } catch (err) {
      throw new CentralError('bad_request', `not a PEM certificate: ${(err as Error).message}`);
    }
    if (!cert.ca) throw new CentralError('bad_request', `${cert.subject.replace(/\n/g, ', ')} is not a certificate authority`);
    return cert.fingerprint256;
  });
  const last = await lastCaAnnouncementAt(q);
  if (last && Date.parse(body.issued_at) <= Date.parse(last)) {
    throw new CentralError('stale_announcement', `this announcement was signed ${body.issued_at}, not after the latest one announced (${last}): terminals would refuse it; sign a new one`, 409, { issued_at: body.issued_at, last });
  }
  return { body, fingerprints };
}

/** Announces a root-signed set of authorities on the feed, journaled; returns its cursor. */
export async function announceCentralCa(c: Central, actor: string, announcement: CaAnnouncement, reason: string): Promise<number> {
  return c.db.transaction(async (tx) => {
    const { body, fingerprints } = await checkCentralCaAnnouncement(tx, announcement);
    await journalAtCentral(c, tx, c.now(), actor, 'central_ca.announce', { fingerprints, issued_at: body.issued_at, reason });
    return appendFeed(c, tx, { kind: 'central_ca', certificates: body.certificates, reason, announcement });
  });
}
