/** Every area's handlers, merged. Add an area here when it lands. */
import type { Handlers } from '../handler.js';
import { authHandlers } from './auth.js';
import { salesHandlers } from './sales.js';
import { packHandlers } from './packs.js';
import { cashHandlers } from './cash.js';
import { journalHandlers } from './journal.js';
import { diagnosticsHandlers } from './diagnostics.js';
import { terminalHandlers } from './terminal.js';
import { ticketHandlers } from './tickets.js';
import { selfCheckHandlers } from './selfcheck.js';
import { operatorHandlers } from './operators.js';
import { digitalHandlers } from './digital.js';
import { provisioningHandlers } from './provisioning.js';

export const HANDLERS: Handlers = {
  ...authHandlers,
  ...salesHandlers,
  ...packHandlers,
  ...cashHandlers,
  ...journalHandlers,
  ...diagnosticsHandlers,
  ...terminalHandlers,
  ...ticketHandlers,
  ...selfCheckHandlers,
  ...operatorHandlers,
  ...digitalHandlers,
  ...provisioningHandlers,
};
