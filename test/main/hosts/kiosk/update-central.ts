/**
 * A central serving a signed release to one enrolled counter, for the hosts' updater tests (#23):
 * the real central (PGlite) on 127.0.0.1 holding the lottery's TUF root.json, and a fake release made
 * by the release code (test/main/services/updates/support.ts), approved and assigned to T1's ring.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveCentral, type RunningCentral } from '../../../../central/server/serve.js';
import { addUpdateRoot, approveRelease, setRing } from '../../../../central/store/updates.js';
import { writeRoot } from '../../../../scripts/release-lib.js';
import { centralStore, enrolledCounter, type CentralStore, type EnrolledCounter } from '../../services/sync/sync-fixture.js';
import { buildFakeRelease, keyPair, type BuiltRelease, type KeyPair } from '../../services/updates/support.js';

export interface UpdateCentral {
  readonly store: CentralStore;
  readonly central: RunningCentral;
  /** Enrolled as T1, its cash session open (float 100.00), its terminal closed: a host opens the folder. */
  readonly counter: EnrolledCounter;
  readonly release: BuiltRelease;
  readonly vendor: KeyPair;
  readonly approval: KeyPair;
  /** The lottery's TUF root.json central holds, and its file (the launcher's anchor: GUICHET_UPDATE_ROOT). */
  readonly rootJson: Buffer;
  readonly rootFile: string;
  close(): Promise<void>;
}

export async function updateCentral(version = '0.2.0'): Promise<UpdateCentral> {
  const store = await centralStore(['T1']);
  let skew = 0;
  // Central's clock a little ahead at each request: each timestamp it signs is a newer version.
  const central = await serveCentral({ dataDir: store.dir, listen: '127.0.0.1:0', now: () => new Date(Date.now() + (skew += 1000)).toISOString() });
  const counter = await enrolledCounter(central.url, store.codes.get('T1')!);
  counter.t.close();
  const vendor = keyPair();
  const approval = keyPair();
  const rootFile = path.join(mkdtempSync(path.join(tmpdir(), 'guichet-tuf-root-')), 'root.json');
  writeRoot(rootFile, { rootKeyPem: readFileSync(store.rootKeyFile, 'utf8'), vendorPub: vendor.publicPem, approvalPub: approval.publicPem, onlinePub: central.central.lotteryKey.publicKeyPem }, 1, new Date().toISOString());
  await addUpdateRoot(central.central, 'test', readFileSync(rootFile, 'utf8'));
  const release = buildFakeRelease(version, 'real', vendor, approval);
  await approveRelease(central.central, 'test', release.dir);
  await setRing(central.central, 'test', version, { terminals: ['T1'] });
  return {
    store,
    central,
    counter,
    release,
    vendor,
    approval,
    rootJson: readFileSync(rootFile),
    rootFile,
    async close() {
      await central.close();
      store.cleanup();
    },
  };
}
