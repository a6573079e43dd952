/**
 * What the operator in session may do: the operations central said their roles may run (the session's
 * `may`). A page offers an act only where it may; central checks every act again, so this spares a
 * button that can only be refused (an auditor sees no write-off), it secures nothing by itself.
 */
import { createContext, useContext, type ReactNode } from 'react';

export const MayContext = createContext<ReadonlySet<string>>(new Set());

/** Whether the operator may run `op` (as central's session answer says). */
export function useMay(): (op: string) => boolean {
  const may = useContext(MayContext);
  return (op) => may.has(op);
}

/** Its children only when the operator may run one of `ops`. */
export function May({ op, children }: { op: string | readonly string[]; children: ReactNode }) {
  const may = useMay();
  return (typeof op === 'string' ? may(op) : op.some(may)) ? <>{children}</> : null;
}
