/**
 * A kiosk test's demo central store started from the run's migrated PGlite folder (as every central test
 * starts its store: test/central/support/engines.ts), so the demo's `guichet central init` opens a
 * migrated database rather than creating a PGlite cluster and migrating it (seconds of CPU). The data
 * folder holds no terminal yet: `kiosk --demo` still sets the whole demo up on its first start. One test
 * (provisioning.test.ts) keeps a data folder empty to the last file.
 */
import { demoCentralDir } from '../../../../main/hosts/kiosk/demo-central.js';
import { seedPglite } from '../../../central/support/engines.js';

export function seedDemoCentralStore(dataDir: string): string {
  seedPglite(demoCentralDir(dataDir));
  return dataDir;
}
