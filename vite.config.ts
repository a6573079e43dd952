import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer: one build served by both hosts (Electron loads it from disk, the browser host over 127.0.0.1).
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    sourcemap: false,
    target: 'chrome130',
  },
});
