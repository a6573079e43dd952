/**
 * The API reaches screens through this context, never through a module: the window's entry point
 * gives the real client (Electron preload or browser host), component tests a fake.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { GuichetApi } from '../../../common/api/contract.js';

const ApiContext = createContext<GuichetApi | null>(null);

export function ApiProvider(props: { api: GuichetApi; children: ReactNode }) {
  return <ApiContext.Provider value={props.api}>{props.children}</ApiContext.Provider>;
}

/** The window's API; a component outside an ApiProvider is a programming error. */
export function useApi(): GuichetApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() outside an <ApiProvider>');
  return api;
}
