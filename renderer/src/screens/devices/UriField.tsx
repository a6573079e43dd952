/** A device URI field that checks what is typed (through the terminal's parser) and says what is wrong. */
import { useEffect, useState } from 'react';
import type { UriCheckView } from '../../../../common/api/methods/terminal.js';
import { useApi } from '../../api/context.js';
import { useT, type TextKey } from '../../i18n/index.js';

const CHECK_DELAY_MS = 250;

/** The check of `uri` for `kind`, refreshed a moment after the typing stops; null while empty or unchecked. */
export function useUriCheck(kind: 'printer' | 'scanner', uri: string): UriCheckView | null {
  const api = useApi();
  const [check, setCheck] = useState<UriCheckView | null>(null);
  useEffect(() => {
    if (uri.trim() === '') {
      setCheck(null);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      api.call('settings.check-uri', { kind, uri }).then(
        (c) => live && setCheck(c),
        () => live && setCheck(null),
      );
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, uri]);
  return check;
}

/** The words for a device address's problem (the terminal's parser explains in English, for logs and the CLI). */
export function uriProblemKey(problem: string): TextKey {
  if (/no scheme|unknown scheme|not supported here/.test(problem)) return 'settings.uri.problem.scheme';
  if (/port path is missing/.test(problem)) return 'settings.uri.problem.serial';
  if (/hid:VVVV/.test(problem)) return 'settings.uri.problem.hid';
  if (/tcp|port '.*' is not a number|port must be/.test(problem)) return 'settings.uri.problem.tcp';
  if (/file URIs/.test(problem)) return 'settings.uri.problem.file';
  if (/parameter|percent-escape/.test(problem)) return 'settings.uri.problem.parameter';
  if (/baud/.test(problem)) return 'settings.uri.problem.baud';
  return 'settings.uri.problem.other';
}

export function UriHint(props: { check: UriCheckView | null; testId: string }) {
  const t = useT();
  const c = props.check;
  if (!c) return null;
  return c.ok ? (
    <div className="uri-hint uri-ok" data-testid={props.testId}>
      ✓ {t('settings.uri.ok', { uri: c.canonical })}
    </div>
  ) : (
    <div className="uri-hint uri-bad" data-testid={props.testId} role="alert">
      ✗ {t(uriProblemKey(c.problem))}
    </div>
  );
}
