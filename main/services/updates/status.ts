/**
 * What the technician's screen says about updates (#23), from the terminal's own record
 * (software_updates) and the running version: "version X, update Y downloaded, will install at the
 * till's close", in French and English.
 */
import { softwareUpdateRows } from '../../../db/queries/software-updates.js';
import type { UpdatesView } from '../../../common/api/methods/diagnostics.js';
import { targetsVersionOf } from '../../../node/updates/tuf.js';
import type { SoftwareReport } from '../../../common/protocol/index.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { centralConfig } from '../sync/central-config.js';

function newer(version: string | null, than: string): boolean {
  try {
    return version !== null && targetsVersionOf(version) > targetsVersionOf(than);
  } catch {
    return false;
  }
}

/** The signed maintenance window as "HH:MM–HH:MM", or null. */
function windowText(t: LotteryTerminal): string | null {
  const w = centralConfig(t)['update_window'] as { from?: unknown; to?: unknown } | undefined;
  return typeof w?.from === 'string' && typeof w.to === 'string' ? `${w.from}–${w.to}` : null;
}

export function updatesView(t: LotteryTerminal, running: SoftwareReport): UpdatesView {
  const last = softwareUpdateRows(t.db, 1)[0] ?? null;
  // The newest verified download still waiting (a refusal after it does not undo it).
  const downloaded = (t.db.prepare("SELECT version FROM software_updates WHERE step = 'downloaded' ORDER BY id DESC LIMIT 1").get() as { version: string | null } | undefined)?.version ?? null;
  const waiting = newer(downloaded, running.version) ? downloaded : null;
  const window = windowText(t);
  const base = { running: running.version, running_sha256: running.sha256, waiting, step: last?.step ?? null, at: last?.at ?? null, last_fr: last?.detail_fr ?? null, last_en: last?.detail_en ?? null };
  if (waiting) {
    const w = window ? { fr: ` ou dans la fenêtre de maintenance (${window}, caisse fermée)`, en: ` or in the maintenance window (${window}, till closed)` } : { fr: '', en: '' };
    return { ...base, fr: `Version ${running.version}, mise à jour ${waiting} téléchargée : installée à la clôture de la caisse${w.fr}`, en: `Version ${running.version}, update ${waiting} downloaded, will install at till close${w.en}` };
  }
  if (last) return { ...base, fr: `Version ${running.version} · ${last.detail_fr}`, en: `Version ${running.version} · ${last.detail_en}` };
  return { ...base, fr: `Version ${running.version} · aucune mise à jour reçue`, en: `Version ${running.version} · no update received yet` };
}
