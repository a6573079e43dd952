/**
 * The console's configuration (`console.config`): the settings the fleet obeys (each with its value if
 * set, its default, its unit and whether two operators must agree to change it), every value set, and
 * the history (central's `config.set` entries, naming who proposed and who approved a dual-control change).
 */
import { z } from 'zod';
import { JournalRow } from './audit.js';

/** How a setting's value reads: cents as euros, basis points as a percentage, and so on. */
export const SettingUnit = z.enum(['cents', 'seconds', 'minutes', 'hours', 'days', 'percent', 'bp', 'count', 'boolean', 'urls', 'choice', 'text', 'json']);
export type SettingUnit = z.infer<typeof SettingUnit>;

export const ConfigSetting = z.object({
  key: z.string(),
  unit: SettingUnit,
  /** In force while not set (null: nothing, e.g. no cap). */
  default: z.unknown(),
  /** Null while not set. */
  value: z.unknown(),
  updated_at: z.string().nullable(),
  /** Two operators must agree to change it. */
  dual: z.boolean(),
});
export type ConfigSetting = z.infer<typeof ConfigSetting>;

export const ConfigView = z.object({
  settings: z.array(ConfigSetting),
  values: z.array(z.object({ key: z.string(), value: z.unknown(), updated_at: z.string() })),
  /** Each `config.set` entry: its key and value, and who proposed it when another approved it. */
  history: z.array(JournalRow.extend({ payload: z.looseObject({ key: z.string(), value: z.unknown(), proposed_by: z.string().optional() }) })),
});
export type ConfigView = z.infer<typeof ConfigView>;
