/** Application info, status bar, login, virtual scanner feed, language. */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { AppInfo, OperatorView, StatusView } from '../views.js';

export const authMethods = {
  'app.info': z.object({}).strict(),
  'status.get': z.object({}).strict(),
  'auth.login': z.object({ name: cleanText(z.string().trim().min(1).max(64)), pin: z.string().regex(/^\d{4,8}$/, 'a PIN has 4 to 8 digits') }).strict(),
  'auth.logout': z.object({}).strict(),
  /** The operator is active in the window (keys, touches) without calling anything: the session's idle time starts again. */
  'auth.activity': z.object({}).strict(),
  /** Feeds a scan to the virtual scanner (technician's scanner test, demos, tests). */
  'scanner.feed': z.object({ data: cleanText(z.string().trim().min(1).max(128)), name: cleanText(z.string().max(64)).optional() }).strict(),
  /** The operator's own screen language, remembered for their next sessions (the terminal's is settings.update). */
  'settings.language': z.object({ language: z.enum(['fr', 'en']) }).strict(),
} as const;

export interface AuthOutputs {
  'app.info': AppInfo;
  'status.get': StatusView;
  'auth.login': OperatorView;
  'auth.logout': null;
  'auth.activity': null;
  'scanner.feed': null;
  'settings.language': null;
}
