/**
 * The TLS commands (issue #20): `guichet central tls make` makes the lottery's authority once and a
 * server certificate for the hosts named, keys 0600; `guichet enroll` refuses plain http to another
 * machine, and an authority file that is not one, with the reason and nothing created.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGuichet } from '../../../support/guichet-runner.js';

const base = mkdtempSync(path.join(tmpdir(), 'guichet-tls-commands-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('central tls make, and enroll over TLS', () => {
  const data = path.join(base, 'central');

  it('makes the authority once, and a server certificate for the hosts named', async () => {
    const first = await runGuichet(['central', 'tls', 'make', '--data', data, '--host', '127.0.0.1', '--host', 'central.example', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const made = JSON.parse(first.stdout) as { ca: string; ca_fingerprint: string; ca_created: boolean; server_cert: string };
    expect(made.ca_created).toBe(true);
    const ca = new X509Certificate(readFileSync(made.ca));
    expect([ca.ca, ca.fingerprint256]).toEqual([true, made.ca_fingerprint]);
    const server = new X509Certificate(readFileSync(made.server_cert));
    expect(server.ca).toBe(false);
    expect(server.checkIssued(ca)).toBe(true);
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.subjectAltName).toBe('IP Address:127.0.0.1, DNS:central.example');
    for (const key of ['ca.key', 'server.key']) expect(statSync(path.join(data, 'tls', key)).mode & 0o777).toBe(0o600);
    const second = await runGuichet(['central', 'tls', 'make', '--data', data, '--host', '127.0.0.1', '--json']);
    const again = JSON.parse(second.stdout) as { ca_fingerprint: string; ca_created: boolean; server_cert: string };
    expect([again.ca_created, again.ca_fingerprint]).toEqual([false, made.ca_fingerprint]);
    expect(new X509Certificate(readFileSync(again.server_cert)).serialNumber).not.toBe(server.serialNumber);
    const bad = await runGuichet(['central', 'tls', 'make', '--data', data, '--host', 'not a host']);
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringMatching(/'not a host' is not a host name or IP address/)]);
  });

  it('enroll refuses plain http to another machine, and a server certificate given as the authority', async () => {
    const dir = path.join(base, 'counter');
    const http = await runGuichet(['enroll', '--data', dir, '--central', 'http://192.0.2.10:8470', '--root', 'ab'.repeat(32), '--manager', 'alice'], { GUICHET_PIN: '123456', GUICHET_ENROL_CODE: 'AAAA-BBBB-CCCC-DDDD' });
    expect(http.code).toBe(1);
    expect(http.stderr).toMatch(/plain http to another machine/);
    const leaf = path.join(data, 'tls', 'server.pem');
    const notCa = await runGuichet(['enroll', '--data', dir, '--central', 'https://127.0.0.1:9', '--central-ca', leaf, '--root', 'ab'.repeat(32), '--manager', 'alice'], { GUICHET_PIN: '123456', GUICHET_ENROL_CODE: 'AAAA-BBBB-CCCC-DDDD' });
    expect(notCa.code).toBe(1);
    expect(notCa.stderr).toMatch(/is not a CA certificate/);
    const ca = path.join(data, 'tls', 'ca.pem');
    const wrong = await runGuichet(['enroll', '--data', dir, '--central', 'https://127.0.0.1:9', '--central-ca', ca, '--central-ca-fingerprint', 'AB'.repeat(32), '--root', 'ab'.repeat(32), '--manager', 'alice'], { GUICHET_PIN: '123456', GUICHET_ENROL_CODE: 'AAAA-BBBB-CCCC-DDDD' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/is not the authority whose fingerprint was given/);
    // The one-time code is a secret too: never on the command line (ps), by --code-fd, GUICHET_ENROL_CODE or asked.
    const onLine = await runGuichet(['enroll', '--data', dir, '--central', 'https://127.0.0.1:9', '--central-ca', ca, '--code', 'AAAA-BBBB-CCCC-DDDD', '--root', 'ab'.repeat(32), '--manager', 'alice'], { GUICHET_PIN: '123456' });
    expect(onLine.code).toBe(2);
    expect(onLine.stderr).toMatch(/--code is not taken: the enrolment code on the command line[\s\S]*GUICHET_ENROL_CODE/);
    const none = await runGuichet(['enroll', '--data', dir, '--central', 'https://127.0.0.1:9', '--central-ca', ca, '--root', 'ab'.repeat(32), '--manager', 'alice'], { GUICHET_PIN: '123456' });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/enrolment needs the one-time code/);
    expect(existsSync(path.join(dir, 'guichet.db'))).toBe(false);
  });
});
