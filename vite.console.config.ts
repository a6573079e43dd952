import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The back-office console (#22): served by central at /console/ (central/server/console-static.ts).
export default defineConfig({
  root: 'console',
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: '../out/console',
    emptyOutDir: true,
    sourcemap: false,
    target: 'chrome130',
  },
});
