/**
 * The one IPC channel between the windows and the application, and the one channel of events back.
 * A call is answered only when it comes from the top frame of one of our windows showing the app's own
 * origin; its arguments are checked with a schema here, and its input with the method's schema in
 * `app.call`. Events go to our windows only, and only while they show the app.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { isMethodName } from '../../api/contract.js';
import type { ApiResult } from '../../api/errors.js';
import type { HostApp } from '../../app/app.js';
import { isAppUrl } from './app-url.js';
import type { WindowRegistry } from './window-registry.js';

/** Renderer → main: `invoke(INVOKE_CHANNEL, method, input)` answers an `ApiResult`. Mirrored in preload.cts. */
export const INVOKE_CHANNEL = 'guichet:invoke';
/** Main → renderer: one `AppEvent` per message. Mirrored in preload.cts. */
export const EVENT_CHANNEL = 'guichet:event';

/** The arguments of an invoke: a known method name and its input (checked by the method's own schema next). */
export const InvokeArgs = z.tuple([
  z.string().max(64).refine(isMethodName, { message: 'unknown API method' }),
  z.unknown(),
]);

/**
 * Why a sender is refused, or null when it is trusted: it must be the top frame of one of our windows
 * (not a subframe, not a detached frame, not another web contents) and show the app's own origin.
 */
export function senderRefusal(event: IpcMainInvokeEvent, windows: WindowRegistry): string | null {
  const frame = event.senderFrame;
  if (!frame) return 'the frame is gone';
  if (windows.roleOf(event.sender) === undefined) return 'not one of our windows';
  const main = event.sender.mainFrame;
  if (frame.parent !== null || frame.processId !== main.processId || frame.frameToken !== main.frameToken) return 'not the top frame';
  if (!isAppUrl(frame.url)) return `foreign origin ${JSON.stringify(frame.url)}`;
  return null;
}

function refused(code: string, message: string): ApiResult<never> {
  return { ok: false, error: { code, message } };
}

export interface IpcOptions {
  /** Where refusals are reported (default: console.warn). */
  readonly log?: (message: string) => void;
}

/**
 * Answers `INVOKE_CHANNEL` with `app.call` and forwards the application's events to our windows.
 * Returns the function that undoes both.
 */
export function registerIpc(app: HostApp, windows: WindowRegistry, options: IpcOptions = {}): () => void {
  const log = options.log ?? ((message: string) => console.warn(message));
  ipcMain.handle(INVOKE_CHANNEL, async (event, ...args: unknown[]): Promise<ApiResult<unknown>> => {
    const refusal = senderRefusal(event, windows);
    if (refusal !== null) {
      log(`guichet: IPC refused (${refusal})`);
      return refused('forbidden-sender', 'this frame may not call the terminal');
    }
    const parsed = InvokeArgs.safeParse(args);
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.length ? `argument ${i.path.join('.')}` : 'arguments'}: ${i.message}`).join('; ');
      return refused('invalid-input', message);
    }
    const [method, input] = parsed.data;
    return app.call(method, input);
  });
  const unsubscribe = app.subscribe((appEvent) => {
    for (const window of windows.list()) {
      const contents = window.webContents;
      if (contents.isDestroyed() || !isAppUrl(contents.getURL())) continue;
      contents.send(EVENT_CHANNEL, appEvent);
    }
  });
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    unsubscribe();
  };
}
