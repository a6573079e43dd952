/** An operator's roles in words ("administrateur", "sécurité, auditeur"), never their codes. */
import { TEXTS, type TextKey, type Vars } from './i18n.js';

/** One role in words: its text when the console has one, else its code. */
export function roleWord(role: string, t: (key: TextKey, vars?: Vars) => string): string {
  const key = `role.${role}`;
  return key in TEXTS.fr ? t(key as TextKey) : role;
}

export function rolesWords(roles: readonly string[], t: (key: TextKey, vars?: Vars) => string): string {
  return roles.map((r) => roleWord(r, t)).join(', ');
}
