/**
 * The documented one-command form (docs/operations/operators-and-secrets.md): `guichet central … --operator NAME`
 * with the password and code from the environment or `--secret-fd N`, while the service runs (the
 * command logs in at the service for itself alone). Both forms act; a refusal is said in words, with
 * no zod path ("(args):") in it.
 */
import { closeSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centralCli, cliSandbox } from '../support/central-cli.js';
import { createOperator, type TestOperator } from '../support/operators.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';

describe('guichet central … --operator NAME, through the running service', () => {
  let sandbox: ReturnType<typeof cliSandbox>;
  let c: StartedCentral;
  const ops: Record<string, TestOperator> = {};

  beforeAll(async () => {
    sandbox = cliSandbox('guichet-one-command-');
    c = await startCentral({ terminals: [] });
    // Each operator logs in once in this file (a one-time code is refused a second time within 30 s).
    for (const name of ['alice', 'bob', 'carol', 'dave']) ops[name] = await createOperator(c.central, { name, roles: ['security'] });
  }, 120_000);
  afterAll(async () => {
    await c.close();
    sandbox.done();
  });

  const guichet = (...args: string[]) => centralCli(c.dataDir, args);

  it('acts with the password and code from the environment', async () => {
    const alice = ops.alice!;
    process.env.GUICHET_OPERATOR_PASSWORD = alice.password;
    process.env.GUICHET_OPERATOR_TOTP = alice.totp();
    try {
      const r = await guichet('stoplist', 'add', '213-001-01-00042', '--reason', 'volé au dépôt', '--operator', 'alice');
      expect([r.code, r.err, r.out]).toEqual([0, '', 'pack 213-001-01-00042 on the stop list: volé au dépôt']);
    } finally {
      delete process.env.GUICHET_OPERATOR_PASSWORD;
      delete process.env.GUICHET_OPERATOR_TOTP;
    }
  });

  it('acts with the password and code read from --secret-fd', async () => {
    const bob = ops.bob!;
    const file = join(sandbox.tmp, 'secrets');
    writeFileSync(file, `${bob.password}\n${bob.totp()}\n`, { mode: 0o600 });
    const fd = openSync(file, 'r');
    try {
      const r = await guichet('stoplist', 'list', '--operator', 'bob', '--secret-fd', String(fd));
      expect([r.code, r.err]).toEqual([0, '']);
      expect(r.out).toMatch(/^213-001-01-00042 {2}since .+ by alice: volé au dépôt$/);
    } finally {
      closeSync(fd);
      rmSync(file);
    }
  });

  it('says a wrong password in words', async () => {
    process.env.GUICHET_OPERATOR_PASSWORD = 'not-carols-password';
    process.env.GUICHET_OPERATOR_TOTP = ops.carol!.totp();
    try {
      const r = await guichet('stoplist', 'list', '--operator', 'carol');
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^guichet: [a-z]/);
      expect(r.err).not.toMatch(/\(args\)|Unrecognized key/);
    } finally {
      delete process.env.GUICHET_OPERATOR_PASSWORD;
      delete process.env.GUICHET_OPERATOR_TOTP;
    }
  });

  it('says a request it refuses in words: the field, what is wrong; no zod path', async () => {
    const r = await fetch(`${c.url}/v1/console/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'login', operator: 'carol', password: 'x' }) });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toBe('totp is missing; the request has a field it does not know: "kind"');
  });

  it('says arguments central refuses in words, the field named', async () => {
    process.env.GUICHET_OPERATOR_PASSWORD = ops.dave!.password;
    process.env.GUICHET_OPERATOR_TOTP = ops.dave!.totp();
    try {
      const r = await guichet('stoplist', 'add', '9'.repeat(65), '--reason', 'trop long', '--operator', 'dave');
      expect([r.code, r.err]).toEqual([1, 'guichet: pack: too big: expected string to have <=64 characters']);
    } finally {
      delete process.env.GUICHET_OPERATOR_PASSWORD;
      delete process.env.GUICHET_OPERATOR_TOTP;
    }
  });

  it('says a --secret-fd it cannot read in words', async () => {
    const r = await guichet('stoplist', 'list', '--operator', 'carol', '--secret-fd', '987');
    expect([r.code, r.err]).toEqual([1, 'guichet: --secret-fd 987: cannot read it (EBADF)']);
    const e = await guichet('operator', 'enrol', 'carol', '--secret-fd', '987');
    expect([e.code, e.err]).toEqual([1, 'guichet: --secret-fd 987: cannot read it (EBADF)']);
  });
});
