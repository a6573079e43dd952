/**
 * The preload of the cashier's window (sandboxed, so CommonJS, and it may require nothing but
 * `electron`). It exposes one object, `window.guichet`, and nothing else: `invoke(method, input)`
 * answers an ApiResult, `onEvent(listener)` returns the function that stops listening. The renderer
 * never sees `ipcRenderer` or an IPC event object. (The customer display has its own, narrower one:
 * display-preload.cts.)
 *
 * The two channel names repeat those of `ipc.ts` (a sandboxed preload cannot load local modules);
 * a test checks that they match.
 */
// A sandboxed preload is CommonJS; `import = require` is how TypeScript writes its require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');

const INVOKE_CHANNEL = 'guichet:invoke';
const EVENT_CHANNEL = 'guichet:event';

const { contextBridge, ipcRenderer } = electron;

contextBridge.exposeInMainWorld('guichet', {
  invoke(method: unknown, input: unknown): Promise<unknown> {
    if (typeof method !== 'string') return Promise.reject(new TypeError('guichet.invoke: the method is a string'));
    return ipcRenderer.invoke(INVOKE_CHANNEL, method, input);
  },
  onEvent(listener: unknown): () => void {
    if (typeof listener !== 'function') throw new TypeError('guichet.onEvent: the listener is a function');
    const forward = (_event: unknown, appEvent: unknown): void => {
      (listener as (appEvent: unknown) => void)(appEvent);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
});
