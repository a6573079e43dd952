/** Which screens an operator sees, and where each role lands after login. */
import type { Role } from '../../../common/api/views.js';
import type { ScreenDef } from '../screens/registry.js';
import { routeId } from './route.js';

/** Preferred first screen per role (the first visible one otherwise). */
export const HOME_BY_ROLE: Readonly<Record<Role, readonly string[]>> = {
  cashier: ['validate', 'sell'],
  manager: ['validate', 'sell'],
  technician: ['diagnostics'],
};

/** Shell actions bound to keys that screens must not take. */
export const SHELL_HOTKEYS = { switchOperator: 'F12' } as const;

export function screensFor(screens: readonly ScreenDef[], role: Role): ScreenDef[] {
  return screens.filter((s) => s.roles.includes(role));
}

export function homeFor(screens: readonly ScreenDef[], role: Role): ScreenDef | undefined {
  const mine = screensFor(screens, role);
  for (const id of HOME_BY_ROLE[role]) {
    const s = mine.find((x) => routeId(x.id) === id);
    if (s) return s;
  }
  return mine[0];
}

export function screenByHotkey(screens: readonly ScreenDef[], role: Role, key: string): ScreenDef | undefined {
  return screensFor(screens, role).find((s) => s.hotkey === key);
}
