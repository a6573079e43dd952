/**
 * The console's allow-list: the files its build wrote (vite.console.config.ts), listed in this file of
 * the build's folder. Central serves those files only (central/server/console-static.ts): anything else
 * found in the folder later (a file dropped there, a backup) is not part of the console.
 */
export const BUNDLE_FILES = 'bundle-files.json';

export interface BundleFiles {
  format: 'guichet-console-files/1';
  /** Paths relative to the build's folder, with forward slashes (index.html, assets/…). */
  files: string[];
}
