/**
 * Times in the CLI's output are local (#22): Europe/Paris unless GUICHET_TIME_ZONE names another zone
 * (TZ is not read: a server's TZ=UTC would print UTC again); `--json` keeps the UTC ISO text.
 */
const zone = (): string => process.env.GUICHET_TIME_ZONE || 'Europe/Paris';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' });
    } catch {
      throw new Error(`GUICHET_TIME_ZONE=${tz} is not a time zone (e.g. Europe/Paris)`);
    }
    formats.set(tz, f);
  }
  return f;
}

/** Refuses a GUICHET_TIME_ZONE that names no zone: run before any command, so a write is never done and then misreported. */
export function checkTimeZone(): void {
  format(zone());
}

/** `2026-12-02 15:04:05 UTC+1` for a UTC ISO time in the CLI's zone (anything else is shown as is). */
export function localTime(iso: string | null | undefined, tz: string = zone()): string {
  if (!iso) return 'never';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return format(tz).format(new Date(t)).replace('GMT', 'UTC');
}
