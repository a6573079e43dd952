/**
 * Chooses the application the window shows: the player's self-check kiosk when the host runs in
 * self-check mode (it answers nothing else), the cashier's kiosk otherwise.
 */
import { useEffect, useState } from 'react';
import type { SelfCheckStatusView } from '../../../common/api/methods/selfcheck.js';
import { useApi } from '../api/context.js';
import { App } from '../App.js';
import { SelfCheckApp } from './SelfCheckApp.js';

export function ModeGate() {
  const api = useApi();
  const [status, setStatus] = useState<SelfCheckStatusView | 'counter' | null>(null);
  useEffect(() => {
    api.call('selfcheck.status', {}).then(
      (s) => setStatus(s.self_check ? s : 'counter'),
      // An unreachable host: the cashier's kiosk shows its own error and retry.
      () => setStatus('counter'),
    );
  }, [api]);
  if (status === null) return <main className="boot">…</main>;
  if (status === 'counter') return <App />;
  return <SelfCheckApp status={status} />;
}
