/**
 * The typed API between the renderer and the terminal's services: one table of methods, each with a
 * zod schema for its input (validated by every host before anything runs) and the type of its result.
 * Each area declares its methods in `methods/<area>.ts`; this file joins them. The Electron preload and
 * the browser host's client both expose exactly `GuichetApi`.
 */
import type { z } from 'zod';
import type { AppEvent } from './events.js';
import { authMethods, type AuthOutputs } from './methods/auth.js';
import { ticketMethods, type TicketOutputs } from './methods/tickets.js';
import { salesMethods, type SalesOutputs } from './methods/sales.js';
import { packMethods, type PackOutputs } from './methods/packs.js';
import { cashMethods, type CashOutputs } from './methods/cash.js';
import { journalMethods, type JournalOutputs } from './methods/journal.js';
import { diagnosticsMethods, type DiagnosticsOutputs } from './methods/diagnostics.js';
import { terminalMethods, type TerminalOutputs } from './methods/terminal.js';
import { selfCheckMethods, type SelfCheckOutputs } from './methods/selfcheck.js';
import { operatorMethods, type OperatorOutputs } from './methods/operators.js';
import { digitalMethods, type DigitalOutputs } from './methods/digital.js';
import { provisioningMethods, type ProvisioningOutputs } from './methods/provisioning.js';

export const METHODS = {
  ...authMethods,
  ...ticketMethods,
  ...salesMethods,
  ...packMethods,
  ...cashMethods,
  ...journalMethods,
  ...diagnosticsMethods,
  ...terminalMethods,
  ...selfCheckMethods,
  ...operatorMethods,
  ...digitalMethods,
  ...provisioningMethods,
} as const;

/** Result type of each method. */
export interface Outputs
  extends AuthOutputs,
    TicketOutputs,
    SalesOutputs,
    PackOutputs,
    CashOutputs,
    JournalOutputs,
    DiagnosticsOutputs,
    TerminalOutputs,
    SelfCheckOutputs,
    OperatorOutputs,
    DigitalOutputs,
    ProvisioningOutputs {}

export type MethodName = keyof typeof METHODS;
export type InputOf<M extends MethodName> = z.input<(typeof METHODS)[M]>;
export type ParsedInputOf<M extends MethodName> = z.output<(typeof METHODS)[M]>;
export type OutputOf<M extends MethodName> = M extends keyof Outputs ? Outputs[M] : never;

export interface GuichetApi {
  call<M extends MethodName>(method: M, input: InputOf<M>): Promise<OutputOf<M>>;
  /** Receives every event pushed by the services; returns the function that stops listening. */
  subscribe(listener: (event: AppEvent) => void): () => void;
}

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(METHODS, name);
}

/** Validates a method's input; throws zod's error with the path and problem. */
export function parseInput<M extends MethodName>(method: M, input: unknown): ParsedInputOf<M> {
  return METHODS[method].parse(input ?? {}) as ParsedInputOf<M>;
}
