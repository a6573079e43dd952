import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { BUNDLE_FILES, type BundleFiles } from './common/console/bundle-files.js';

/** Lists what the build wrote (its folder is emptied first): central serves these files and no other. */
function bundleFiles(): Plugin {
  return {
    name: 'guichet-bundle-files',
    apply: 'build',
    writeBundle(options) {
      const dir = resolve(options.dir ?? 'out/console');
      const files = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
        .filter((f) => f !== BUNDLE_FILES)
        .sort();
      const list: BundleFiles = { format: 'guichet-console-files/1', files };
      writeFileSync(join(dir, BUNDLE_FILES), `${JSON.stringify(list, null, 2)}\n`);
    },
  };
}

// The back-office console (#22): served by central at /console/ (central/server/console-static.ts).
export default defineConfig({
  root: 'console',
  base: '/console/',
  plugins: [react(), bundleFiles()],
  build: {
    outDir: '../out/console',
    emptyOutDir: true,
    sourcemap: false,
    target: 'chrome130',
  },
});
