/** Scan routing for React: the provider wires the wedge and the host's scan events; screens call `useScans`. */
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useApi } from '../api/context.js';
import { attachWedge, createScanRouter, type Scan, type ScanRouter } from './scan-router.js';

const ScanContext = createContext<ScanRouter | null>(null);

export function ScanProvider(props: { children: ReactNode }) {
  const api = useApi();
  const router = useMemo(() => createScanRouter(), []);
  useEffect(() => attachWedge(router), [router]);
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type === 'scan') router.deliver({ ...event.scan });
      }),
    [router],
  );
  return <ScanContext.Provider value={router}>{props.children}</ScanContext.Provider>;
}

/**
 * Receives every scan while the calling component is mounted and on top (the latest subscriber).
 * The handler may change between renders; the latest one is called.
 */
export function useScans(handler: (scan: Scan) => void): void {
  const router = useContext(ScanContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => router?.subscribe((scan) => latest.current(scan)), [router]);
}

export type { Scan } from './scan-router.js';
