/** Every area's handlers, merged. Add an area here when it lands. */
import type { Handlers } from '../handler.js';
import { coreHandlers } from './core.js';
import { salesHandlers } from './sales.js';
import { packHandlers } from './packs.js';
import { cashHandlers } from './cash.js';
import { journalHandlers } from './journal.js';
import { diagnosticsHandlers } from './diagnostics.js';
import { settingsHandlers } from './settings.js';
import { ticketHandlers } from './tickets.js';
import { selfCheckHandlers } from './selfcheck.js';
import { operatorHandlers } from './operators.js';
import { digitalHandlers } from './digital.js';

export const HANDLERS: Handlers = {
  ...coreHandlers,
  ...salesHandlers,
  ...packHandlers,
  ...cashHandlers,
  ...journalHandlers,
  ...diagnosticsHandlers,
  ...settingsHandlers,
  ...ticketHandlers,
  ...selfCheckHandlers,
  ...operatorHandlers,
  ...digitalHandlers,
};
