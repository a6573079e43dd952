/**
 * `guichet central keys root|certify|revoke|list`: the lottery's key hierarchy. The root's private key
 * stays in its own file (offline, outside central's data folder): `certify` and `revoke` read it only to
 * sign, in this process, and hand central the signed certificate or revocation, never the key.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../../../common/cli-run.js';
import { groupedFingerprint, KEY_ROLES, normaliseFingerprint, type KeyRole } from '../../../common/protocol/index.js';
import { certify, revoke } from '../../../node/outcome/certificates.js';
import { keyFingerprint, loadOrCreateSigningKey, readPublicKey } from '../../../node/outcome/keys.js';
import type { LotteryKeyView } from '../../store/keys.js';
import { switchOnlineKey } from '../../store/open.js';
import { localTime } from '../local-time.js';

interface Flags {
  data: string;
  databaseUrl?: string;
  json?: boolean;
}

type Run = (flags: Flags, op: 'keys.add' | 'keys.revoke' | 'keys.list', args: Record<string, unknown>, reason?: string) => Promise<unknown>;
type Common = (cmd: Command) => Command;
type Print = (flags: Flags, value: unknown, human: () => string[]) => void;

/** The root's private key, which must exist (certify, revoke and `tls announce` never make one). */
export function rootKey(file: string): ReturnType<typeof loadOrCreateSigningKey> {
  const path = resolve(file);
  if (!existsSync(path)) throw new CliError(`no root key at ${path}: give the lottery root's private key file (guichet central keys root makes one)`);
  return loadOrCreateSigningKey(path);
}

/** A key to certify: a public key file (SPKI PEM), or a private key file (made when missing). */
function keyToCertify(file: string): { publicKey: ReturnType<typeof readPublicKey>; isPrivate: boolean; created: boolean } {
  const path = resolve(file);
  try {
    return { publicKey: readPublicKey(path), isPrivate: false, created: false };
  } catch {
    const { publicKey, created } = loadOrCreateSigningKey(path);
    return { publicKey, isPrivate: true, created };
  }
}

export function addKeysCommands(cmd: Command, common: Common, run: Run, print: Print): void {
  const keys = cmd.command('keys').description("The lottery's keys: an offline root certifies the emission keys and central's online key, and revokes them.");

  keys
    .command('root')
    .description("Make the lottery's root key (Ed25519); keep the file offline. Its fingerprint goes on every enrolment letter.")
    .requiredOption('--out <file>', 'where to write the private key (refused when it exists)')
    .option('--json', 'print JSON')
    .action((flags: { out: string; json?: boolean }) => {
      const out = { data: '', ...(flags.json ? { json: true } : {}) };
      const path = resolve(flags.out);
      if (existsSync(path)) throw new CliError(`${path} exists: a root is made once (certify with it, or choose another file)`);
      const { publicKey } = loadOrCreateSigningKey(path);
      const fingerprint = keyFingerprint(publicKey);
      print(out, { root_key: path, fingerprint }, () => [`lottery root key created: ${path} (keep it offline)`, `root fingerprint: ${groupedFingerprint(fingerprint)}`]);
    });

  common(keys.command('certify'))
    .description('Certify a key with the root (emission: signs outcome files; online: central signs answers and the feed with it) and send the certificate to every terminal.')
    .requiredOption('--root <file>', "the lottery root's private key")
    .requiredOption('--role <role>', `what the key signs: ${KEY_ROLES.join(' or ')}`)
    .requiredOption('--key <file>', 'the key: its public half (PEM), or its private key file (made when missing)')
    .option('--reason <text>', 'why (journaled; a certificate goes under dual control once operators exist)')
    .action(async (flags: Flags & { root: string; role: string; key: string; reason?: string }) => {
      if (!(KEY_ROLES as readonly string[]).includes(flags.role)) throw new CliError(`--role must be ${KEY_ROLES.join(' or ')}, not '${flags.role}'`);
      const role = flags.role as KeyRole;
      const root = rootKey(flags.root);
      const key = keyToCertify(flags.key);
      if (role === 'online' && !key.isPrivate) throw new CliError('an online key is certified from its private key file (central serves with it): give --key the private key');
      const certificate = certify(root.privateKey, role, key.publicKey, new Date().toISOString());
      const r = (await run(flags, 'keys.add', { certificate }, flags.reason)) as { fingerprint: string; already: boolean; cursor: number | null } | { proposal_id: number; status: 'proposed' };
      if ('proposal_id' in r) {
        // Only proposed (dual control): nothing is certified yet, central keeps its online key.
        print(flags, r, () => []);
        return;
      }
      const switched = role === 'online' ? switchOnlineKey(flags.data, flags.key) : null;
      print(flags, { ...r, role, key_created: key.created, ...(switched ? { online_key_from_next_start: switched } : {}) }, () => [
        `${role} key ${r.fingerprint.slice(0, 16)}… ${r.already ? 'was already certified' : `certified (feed ${r.cursor})`}`,
        ...(key.created ? [`key created: ${resolve(flags.key)}`] : []),
        ...(switched ? ['central serves with it from its next start (restart guichet central serve)'] : []),
      ]);
    });

  common(keys.command('revoke'))
    .description('Revoke a certified key with the root: terminals refuse what it signs from then on (blocks it signed stop validating).')
    .argument('<fingerprint>', 'the key (its fingerprint, or at least its first 8 hex digits; see keys list)')
    .requiredOption('--root <file>', "the lottery root's private key")
    .requiredOption('--reason <text>', 'why (1 to 200 characters)')
    .action(async (fingerprint: string, flags: Flags & { root: string; reason: string }) => {
      const reason = flags.reason.trim();
      if (reason.length === 0 || reason.length > 200) throw new CliError('give the reason for the revocation (1 to 200 characters)');
      const wanted = fingerprint.toLowerCase().replace(/[\s:]/g, '');
      if (!/^[0-9a-f]{8,64}$/.test(wanted)) throw new CliError(`'${fingerprint}' is not a key fingerprint: give at least its first 8 hex digits`);
      const all = (await run(flags, 'keys.list', {})) as LotteryKeyView[];
      const matches = all.filter((k) => k.fingerprint.startsWith(wanted));
      if (matches.length !== 1) throw new CliError(matches.length === 0 ? `no lottery key ${wanted} at this central (see keys list)` : `${wanted} names ${matches.length} keys: give more of the fingerprint`);
      const root = rootKey(flags.root);
      const full = normaliseFingerprint(matches[0]!.fingerprint) as string;
      const r = (await run(flags, 'keys.revoke', { revocation: revoke(root.privateKey, full, reason, new Date().toISOString()) }, reason)) as { fingerprint: string; already: boolean; cursor: number | null };
      print(flags, r, () => [`key ${r.fingerprint.slice(0, 16)}… ${r.already ? 'was already revoked' : `revoked (feed ${r.cursor}): ${reason}`}`]);
    });

  common(keys.command('list'))
    .description('The root, the keys it certified (role, since when) and the revoked ones.')
    .action(async (flags: Flags) => {
      const rows = (await run(flags, 'keys.list', {})) as LotteryKeyView[];
      print(flags, rows, () =>
        rows.map(
          (k) =>
            `${k.fingerprint}  ${k.role ?? 'no role'}${k.in_use ? ' (central signs with it)' : ''}  ${k.issued_at ? `certified ${localTime(k.issued_at)}` : `added ${localTime(k.added_at)}`}` +
            `${k.revoked_at ? `  REVOKED ${localTime(k.revoked_at)}: ${k.revoked_reason ?? ''}` : ''}`,
        ),
      );
    });
}
