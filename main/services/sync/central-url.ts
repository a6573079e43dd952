/**
 * Which central addresses a terminal talks to: https anywhere; plain http only on this machine's
 * loopback (the demo central), since on a network it would show the enrolment code, every claimed
 * winner's validation barcode and every digital unit to anyone on the path.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { SyncError } from './errors.js';

/** True for 127.0.0.0/8, ::1 and `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** Checks a central URL: https (http on loopback only), no credentials, no query; returns it without a trailing slash. */
export function checkCentralUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new SyncError('bad-input', `'${url}' is not a URL: give central's address, e.g. https://central.example:8470`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new SyncError('bad-input', `central's URL must be https, not ${u.protocol}`);
  if (u.username || u.password || u.search || u.hash) throw new SyncError('bad-input', "central's URL takes no credentials, query or fragment");
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) {
    throw new SyncError(
      'bad-input',
      `central's URL ${u.origin} is plain http to another machine: the enrolment code, winners' validation codes and digital units would cross the network in clear. Use https:// (with the lottery's certificate authority, --central-ca)`,
    );
  }
  return u.toString().replace(/\/+$/, '');
}

/** Checks the pinned certificate authority (PEM of a CA certificate); returns it trimmed. */
export function checkCentralCa(pem: string): string {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch (err) {
    throw new SyncError('bad-input', `central's certificate authority is not a PEM certificate: ${(err as Error).message}`);
  }
  if (!cert.ca) throw new SyncError('bad-input', `the certificate given for central's authority (${cert.subject.replace(/\n/g, ', ')}) is not a CA certificate`);
  return pem.trim();
}

/** SHA-256 fingerprint of a certificate, as `openssl x509 -fingerprint -sha256` and `central tls` print it. */
export function certificateFingerprint(pem: string): string {
  return new X509Certificate(pem).fingerprint256;
}

/**
 * The authority's PEM against the fingerprint read out with the enrolment code (`central tls make` prints
 * it; colons, spaces and case ignored): enrolment stops unless they match.
 */
export function checkCentralCaFingerprint(pem: string, fingerprint: string): void {
  const want = fingerprint.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
  let have: string;
  try {
    have = certificateFingerprint(pem);
  } catch (err) {
    throw new SyncError('bad-input', `central's certificate authority is not a PEM certificate: ${(err as Error).message}`);
  }
  if (want !== have.replace(/:/g, '')) throw new SyncError('bad-input', `the certificate authority given is not the authority whose fingerprint was given (it is ${have}): nothing enrolled`);
}
