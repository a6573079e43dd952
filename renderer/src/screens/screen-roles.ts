/** Who sees each screen (the services enforce permissions anyway): the registry reads it, and so does a screen that offers a way to another. */
import type { Role } from '../../../common/api/views.js';

export const SCREEN_ROLES = {
  validate: ['cashier', 'manager'],
  sell: ['cashier', 'manager'],
  packs: ['cashier', 'manager'],
  cash: ['cashier', 'manager'],
  journal: ['manager', 'technician'],
  diagnostics: ['technician', 'manager'],
  devices: ['technician', 'manager'],
  settings: ['manager'],
} as const satisfies Record<string, readonly Role[]>;
