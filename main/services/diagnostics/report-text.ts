/** The diagnostic report as plain text (the support bundle's report.txt). */
import type { DiagnosticsReport, IntegrityView } from '../../../common/api/methods/diagnostics.js';

/** 1536 → "1.5 KiB". */
export function formatBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

const yes = (b: boolean): string => (b ? 'yes' : 'no');

export function reportText(r: DiagnosticsReport, integrity: IntegrityView | null): string {
  const lines: string[] = [
    `Guichet diagnostic report — terminal ${r.terminal_id} (${r.host} host)`,
    `Generated ${r.generated_at}`,
    `Data folder ${r.data_dir}`,
    '',
    'VERSIONS',
    `  Guichet   ${r.versions.guichet}`,
    `  Node      ${r.versions.node}`,
    `  Electron  ${r.versions.electron ?? '-'}`,
    `  Chromium  ${r.versions.chromium ?? '-'}`,
    `  SQLite    ${r.versions.sqlite}`,
    `  V8        ${r.versions.v8}`,
    `  Platform  ${r.versions.platform}`,
    '',
    'DEVICES',
  ];
  if (r.printer) {
    const p = r.printer;
    lines.push(`  printer ${p.uri}: online ${yes(p.online)}, cover open ${yes(p.coverOpen)}, paper out ${yes(p.paperOut)}, paper low ${yes(p.paperLow)}, answered ${yes(p.reported)}${p.detail ? ` (${p.detail})` : ''}`);
  } else lines.push('  printer: none');
  for (const s of r.scanners) lines.push(`  scanner ${s.uri}: ${s.state}`);
  lines.push('  scanner keyboard (wedge): in the window', '', 'DATABASE');
  const d = r.database;
  lines.push(
    `  ${d.path} (${formatBytes(d.size_bytes)}), schema ${d.schema_version}`,
    `  journal entries ${d.journal_entries}, events waiting to sync ${d.outbox_waiting}, active operators ${d.operators_active}, packs ${d.packs}`,
    '',
    'CENTRAL',
    ...(d.central.url
      ? [
          `  ${d.central.url}: ${d.central.state === 'refused' ? 'journal refused by central' : d.central.state}${d.central.problem ? ` (${d.central.problem})` : ''}`,
          `  last contact ${d.central.last_contact_at ?? 'never'}, last push ${d.central.last_push_at ?? 'never'}, last pull ${d.central.last_pull_at ?? 'never'}, central holds entry ${d.central.acked_seq}`,
          `  clock offset ${d.central.clock_offset_ms === null ? 'unknown' : `${d.central.clock_offset_ms} ms`}, last error ${d.central.last_error ?? 'none'}`,
        ]
      : ['  not enrolled (guichet enroll)']),
    '',
    'OUTCOME BLOCKS',
  );
  if (r.blocks.length === 0) lines.push('  none imported');
  for (const b of r.blocks) {
    lines.push(`  ${b.game_name} emission ${b.emission} block ${b.block}: units ${b.first_unit}–${b.first_unit + b.unit_count - 1} (${b.unit_count}), imported ${b.imported_at}, file ${b.file_name} ${b.file_bytes === null ? 'MISSING' : formatBytes(b.file_bytes)}`);
  }
  lines.push('', 'DISK');
  lines.push(r.disk ? `  ${r.disk.path}: ${formatBytes(r.disk.available_bytes)} available of ${formatBytes(r.disk.total_bytes)}` : '  unknown');
  if (r.self_check) {
    const sc = r.self_check;
    const kinds = Object.entries(sc.by_verdict);
    lines.push('', 'SELF-CHECK KIOSK');
    lines.push(kinds.length ? `  checks: ${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}` : '  no checks');
    lines.push(`  wrong-code alerts ${sc.alerts}${sc.last_alert_at ? ` (last ${sc.last_alert_at})` : ''}`);
  }
  if (integrity) {
    lines.push('', `INTEGRITY CHECK (${integrity.started_at} → ${integrity.finished_at ?? 'running'}): ${integrity.state === 'done' ? (integrity.ok ? 'OK' : 'PROBLEMS') : 'running'}`);
    if (integrity.database) lines.push(`  database: ${integrity.database.ok ? 'ok' : 'FAILED'} — ${integrity.database.detail}`);
    if (integrity.journal) lines.push(`  journal: ${integrity.journal.ok ? 'ok' : 'FAILED'} — ${integrity.journal.detail}`);
    for (const b of integrity.blocks) lines.push(`  ${b.label}: ${b.ok ? 'ok' : 'FAILED'} — ${b.detail}`);
  }
  return `${lines.join('\n')}\n`;
}
