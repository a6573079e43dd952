/**
 * Playwright's global set-up: the kiosks run the compiled build when `npm test` says so, never a stale
 * one; the run's one demo terminal is made here (demo-template.ts) and every worker copies it.
 */
import { rmSync } from 'node:fs';
import { requireFreshBuild } from '../support/fresh-build.js';
import { DEMO_TEMPLATE_ENV, makeDemoTemplate } from './demo-template.js';

export default async function globalSetup(): Promise<() => void> {
  requireFreshBuild();
  const dir = await makeDemoTemplate();
  process.env[DEMO_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
