/**
 * The preload of the customer display (sandboxed, so CommonJS, and it may require nothing but
 * `electron`). The display shows what the player should see and takes no input, so it exposes only
 * that, as `window.guichetDisplay`: `language()` answers the terminal's language ('fr' or 'en'),
 * `onDisplay(listener)` delivers each `DisplayView` and returns the function that stops listening.
 * No API call, no other event: the main process sends this window the display events alone and
 * refuses it every API method (ipc.ts, WINDOW_RIGHTS).
 *
 * The two channel names repeat those of `ipc.ts` (a sandboxed preload cannot load local modules);
 * a test checks that they match.
 */
// A sandboxed preload is CommonJS; `import = require` is how TypeScript writes its require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');

const DISPLAY_LANGUAGE_CHANNEL = 'guichet:display-language';
const DISPLAY_CHANNEL = 'guichet:display';

const { contextBridge, ipcRenderer } = electron;

contextBridge.exposeInMainWorld('guichetDisplay', {
  language(): Promise<unknown> {
    return ipcRenderer.invoke(DISPLAY_LANGUAGE_CHANNEL);
  },
  onDisplay(listener: unknown): () => void {
    if (typeof listener !== 'function') throw new TypeError('guichetDisplay.onDisplay: the listener is a function');
    const forward = (_event: unknown, view: unknown): void => {
      (listener as (view: unknown) => void)(view);
    };
    ipcRenderer.on(DISPLAY_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(DISPLAY_CHANNEL, forward);
    };
  },
});
