/**
 * Verifying central's journal (#22) where it lies, or as exported: the chain and every signature, by
 * online keys the lottery root certified, the root being the one central.json names (kept beside the
 * store when it was made, not in the database the check is about). The export is JSON lines: a header
 * with the root's public key and the online keys' certificates, then one line per entry.
 */
import { createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { Certificate } from '../../common/protocol/index.js';
import { keyFingerprint } from '../../node/outcome/keys.js';
import { CentralError, type Central } from './context.js';
import { centralJournalRows, certifiedOnlineKeys, verifyCentralChain, type CentralChainReport, type StoredCentralEntry } from './journal-chain.js';
import { storeRootFingerprint } from './open.js';
import { allLotteryKeys, rootKeyRow } from './queries/lottery-keys.js';

export const EXPORT_FORMAT = 'guichet-central-journal/1';

export const ExportHeader = z.object({
  format: z.literal(EXPORT_FORMAT),
  exported_at: z.string(),
  root_fingerprint: z.string(),
  root_public_key: z.string(),
  online_certificates: z.array(Certificate),
  entries: z.number().int().nonnegative(),
});
export type ExportHeader = z.infer<typeof ExportHeader>;

const ExportedEntry = z.object({
  entry_id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  type: z.string(),
  payload: z.unknown(),
  prev_hash: z.string().nullable(),
  hash: z.string().nullable(),
  signer: z.string().nullable(),
  signature: z.string().nullable(),
});

/** The root and the online certificates, the root checked against the fingerprint central.json names. */
async function verifyingKeys(c: Central): Promise<Omit<ExportHeader, 'format' | 'exported_at' | 'entries'>> {
  const named = storeRootFingerprint(c.dataDir);
  const root = await rootKeyRow(c.db);
  if (!root || keyFingerprint(createPublicKey(root.public_key)) !== named) {
    throw new CentralError('root_mismatch', `the database's root key is not the root ${named.slice(0, 16)}… central.json names: the key table was altered`, 409);
  }
  const online_certificates = (await allLotteryKeys(c.db)).filter((k) => k.role === 'online' && k.certificate).map((k) => k.certificate!);
  return { root_fingerprint: named, root_public_key: root.public_key, online_certificates };
}

/** Reads every entry, a batch at a time. */
async function* allRows(c: Central): AsyncGenerator<StoredCentralEntry> {
  let after = 0;
  for (;;) {
    const rows = await centralJournalRows(c.db, after, 5000);
    yield* rows;
    if (rows.length < 5000) return;
    after = rows.at(-1)!.entry_id;
  }
}

export async function verifyCentralJournal(c: Central): Promise<CentralChainReport & { root_fingerprint: string }> {
  const k = await verifyingKeys(c);
  const rows: StoredCentralEntry[] = [];
  for await (const r of allRows(c)) rows.push(r);
  return { ...verifyCentralChain(rows, certifiedOnlineKeys(createPublicKey(k.root_public_key), k.online_certificates)), root_fingerprint: k.root_fingerprint };
}

/** The export's lines (header first), to write off the machine. */
export async function exportCentralJournal(c: Central): Promise<{ header: ExportHeader; entries: StoredCentralEntry[] }> {
  const k = await verifyingKeys(c);
  const entries: StoredCentralEntry[] = [];
  for await (const r of allRows(c)) entries.push(r);
  return { header: { format: EXPORT_FORMAT, exported_at: c.now(), ...k, entries: entries.length }, entries };
}

/**
 * Verifies an export's text. The root it chains to is the header's unless `rootFingerprint` is given
 * (the fingerprint read out at the lottery, which the header's key must match): say which in the report.
 */
export function verifyJournalExport(text: string, rootFingerprint?: string): CentralChainReport & { root_fingerprint: string; truncated: boolean } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new CentralError('bad_export', 'the file is empty');
  const header = ExportHeader.parse(JSON.parse(lines[0]!));
  const root = createPublicKey(header.root_public_key);
  const fp = keyFingerprint(root);
  if (fp !== header.root_fingerprint) throw new CentralError('bad_export', 'the header\'s root key does not match its fingerprint');
  if (rootFingerprint && rootFingerprint.replace(/[\s:]/g, '').toLowerCase() !== fp) throw new CentralError('root_mismatch', `the export chains to root ${fp.slice(0, 16)}…, not to the one given`);
  const entries = lines.slice(1).map((l, i) => {
    try {
      return ExportedEntry.parse(JSON.parse(l)) as StoredCentralEntry;
    } catch (err) {
      throw new CentralError('bad_export', `line ${i + 2} is not a journal entry: ${(err as Error).message}`);
    }
  });
  const report = verifyCentralChain(entries, certifiedOnlineKeys(root, header.online_certificates));
  // Rows cut off the end leave a whole chain: the header's count says how many there were.
  const truncated = entries.length !== header.entries;
  return { ...report, ok: report.ok && !truncated, root_fingerprint: fp, truncated };
}
