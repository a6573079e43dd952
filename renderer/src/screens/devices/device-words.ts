/**
 * The printer in use said in words (#25: Settings showed it as its address, "En service : virtual:counter"):
 * its kind, then where it is ("imprimante réseau 192.168.1.50:9100"); a virtual printer says nothing comes
 * out on paper. The address itself stays in the field above, where a technician reads and types it.
 */
import { textOf, type Translate } from '../../i18n/index.js';

const KINDS: readonly [RegExp, string][] = [
  [/^virtual:(.+)$/, 'virtual'],
  [/^tcp:\/\/([^/?#]+)/, 'network'],
  [/^serial:([^?#]+)/, 'serial'],
  [/^file:([^?#]+)/, 'file'],
  [/^hid:([^?#]+)/, 'usb'],
];

/** `uri` as "kind where" in the screen's language; an address of no known kind as it is. */
export function printerInWords(uri: string, t: Translate): string {
  for (const [form, kind] of KINDS) {
    const m = form.exec(uri.trim());
    if (m) return textOf(t, `settings.printer.kind.${kind}`, { where: m[1]! }, uri);
  }
  return uri;
}
