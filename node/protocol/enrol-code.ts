/**
 * What the one-time enrolment code gives both ends (common/protocol/README.md, "Enrolment"): the code's
 * id, which names it at central, and its MAC key, which authenticates the request and the answer. The
 * terminal builds its request here; central derives the same keys to check it and MAC its answer. The
 * code itself never travels.
 */
import { createHmac, hkdfSync, randomBytes, sign, timingSafeEqual, type KeyObject } from 'node:crypto';
import {
  ENROL_CODE_ID_INFO,
  ENROL_CODE_SALT,
  ENROL_MAC_INFO,
  enrolProofString,
  enrolRequestMacString,
  normaliseEnrolCode,
  type EnrolRequest,
} from '../../common/protocol/index.js';

export function enrolCodeKeys(code: string): { codeId: string; macKey: Buffer } {
  const ikm = Buffer.from(normaliseEnrolCode(code), 'utf8');
  const derive = (info: string): Buffer => Buffer.from(hkdfSync('sha256', ikm, ENROL_CODE_SALT, info, 32));
  return { codeId: derive(ENROL_CODE_ID_INFO).toString('hex'), macKey: derive(ENROL_MAC_INFO) };
}

export function enrolMac(macKey: Buffer, text: string): string {
  return createHmac('sha256', macKey).update(text, 'utf8').digest('hex');
}

/** Constant-time comparison of a hex MAC with `text`'s. */
export function enrolMacMatches(macKey: Buffer, text: string, mac: string): boolean {
  const want = Buffer.from(enrolMac(macKey, text), 'hex');
  const got = Buffer.from(mac, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** A fresh nonce for an enrolment request (32 base64url characters). */
export function enrolNonce(): string {
  return randomBytes(24).toString('base64url');
}

/** The enrolment request for `code` and the key pair (its PEM and private half), with `nonce`. */
export function enrolRequest(code: string, publicKeyPem: string, privateKey: KeyObject, nonce: string): { request: EnrolRequest; macKey: Buffer } {
  const { codeId, macKey } = enrolCodeKeys(code);
  const proof = sign(null, Buffer.from(enrolProofString(codeId, publicKeyPem, nonce), 'utf8'), privateKey).toString('base64');
  const mac = enrolMac(macKey, enrolRequestMacString(codeId, publicKeyPem, nonce));
  return { request: { code_id: codeId, public_key: publicKeyPem, nonce, proof, mac }, macKey };
}
