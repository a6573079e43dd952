/**
 * The IPC between the windows and the application. A call is answered only when it comes from the
 * top frame of one of our windows showing the app's own origin, and only when that window's role may
 * make it (least privilege, WINDOW_RIGHTS): the cashier's window calls the API, the customer display
 * reads nothing but the language. Arguments are checked with a schema here, the input with the
 * method's schema in `app.call`. Events go to our windows only, while they show the app, and each
 * window gets only the events its role shows: the customer display never sees a scan.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { isMethodName, type MethodName } from '../../../common/api/contract.js';
import type { ApiResult } from '../../../common/api/errors.js';
import type { AppEvent } from '../../../common/api/events.js';
import type { HostApp } from '../../app/app.js';
import { isAppUrl } from './app-url.js';
import type { WindowRegistry, WindowRole } from './window-registry.js';

/** Cashier's window → main: `invoke(INVOKE_CHANNEL, method, input)` answers an `ApiResult`. Mirrored in preload.cts. */
export const INVOKE_CHANNEL = 'guichet:invoke';
/** Main → cashier's window: one `AppEvent` per message. Mirrored in preload.cts. */
export const EVENT_CHANNEL = 'guichet:event';
/** Customer display → main: `invoke(DISPLAY_LANGUAGE_CHANNEL)` answers the language. Mirrored in display-preload.cts. */
export const DISPLAY_LANGUAGE_CHANNEL = 'guichet:display-language';
/** Main → customer display: one `DisplayView` per message. Mirrored in display-preload.cts. */
export const DISPLAY_CHANNEL = 'guichet:display';

export interface WindowRights {
  /** The API methods the window may call (`all`, or none for a window that shows only). */
  readonly methods: 'all' | readonly MethodName[];
  /** Whether it may read the terminal's language (DISPLAY_LANGUAGE_CHANNEL). */
  readonly language: boolean;
  /** What it is sent: every event on EVENT_CHANNEL, or the `display` events alone on DISPLAY_CHANNEL. */
  readonly events: 'all' | 'display';
}

/** Which window may do what. A role missing here may do nothing. */
export const WINDOW_RIGHTS: Readonly<Record<WindowRole, WindowRights>> = {
  main: { methods: 'all', language: true, events: 'all' },
  customer: { methods: [], language: true, events: 'display' },
};

/** Whether a window of `role` may call `method`. */
export function mayCall(role: WindowRole, method: MethodName): boolean {
  const { methods } = WINDOW_RIGHTS[role];
  return methods === 'all' || methods.includes(method);
}

/** The arguments of an invoke: a known method name and its input (checked by the method's own schema next). */
export const InvokeArgs = z.tuple([
  z.string().max(64).refine(isMethodName, { message: 'unknown API method' }),
  z.unknown(),
]);

export type Sender = { readonly role: WindowRole; readonly refusal?: undefined } | { readonly role?: undefined; readonly refusal: string };

/**
 * Who is calling: the role of the window when the sender is the top frame of one of our windows (not
 * a subframe, not a detached frame, not another web contents) showing the app's own origin; else why
 * it is refused.
 */
export function senderOf(event: IpcMainInvokeEvent, windows: WindowRegistry): Sender {
  const frame = event.senderFrame;
  if (!frame) return { refusal: 'the frame is gone' };
  const role = windows.roleOf(event.sender);
  if (role === undefined) return { refusal: 'not one of our windows' };
  const main = event.sender.mainFrame;
  if (frame.parent !== null || frame.processId !== main.processId || frame.frameToken !== main.frameToken) return { refusal: 'not the top frame' };
  if (!isAppUrl(frame.url)) return { refusal: `foreign origin ${JSON.stringify(frame.url)}` };
  return { role };
}

function refused(code: string, message: string): ApiResult<never> {
  return { ok: false, error: { code, message } };
}

export interface IpcOptions {
  /** Where refusals are reported (default: console.warn). */
  readonly log?: (message: string) => void;
}

/** What a window of `role` is sent for an application event: its channel and message, or nothing. */
export function messageFor(role: WindowRole, event: AppEvent): { channel: string; message: unknown } | null {
  const { events } = WINDOW_RIGHTS[role];
  if (events === 'all') return { channel: EVENT_CHANNEL, message: event };
  return event.type === 'display' ? { channel: DISPLAY_CHANNEL, message: event.display } : null;
}

/**
 * Answers `INVOKE_CHANNEL` with `app.call` and `DISPLAY_LANGUAGE_CHANNEL` with the language, for the
 * windows allowed to, and forwards the application's events to our windows, each its own share.
 * Returns the function that undoes all of it.
 */
export function registerIpc(app: HostApp, windows: WindowRegistry, options: IpcOptions = {}): () => void {
  const log = options.log ?? ((message: string) => console.warn(message));
  ipcMain.handle(INVOKE_CHANNEL, async (event, ...args: unknown[]): Promise<ApiResult<unknown>> => {
    const sender = senderOf(event, windows);
    if (sender.refusal !== undefined) {
      log(`guichet: IPC refused (${sender.refusal})`);
      return refused('forbidden-sender', 'this frame may not call the terminal');
    }
    const parsed = InvokeArgs.safeParse(args);
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.length ? `argument ${i.path.join('.')}` : 'arguments'}: ${i.message}`).join('; ');
      return refused('invalid-input', message);
    }
    const [method, input] = parsed.data;
    if (!mayCall(sender.role, method)) {
      log(`guichet: IPC refused (${sender.role} window called ${method})`);
      return refused('forbidden-window', `the ${sender.role} window may not call ${method}`);
    }
    return app.call(method, input);
  });
  ipcMain.handle(DISPLAY_LANGUAGE_CHANNEL, (event, ...args: unknown[]): string | null => {
    const sender = senderOf(event, windows);
    const refusal = sender.refusal ?? (args.length > 0 ? 'unexpected arguments' : !WINDOW_RIGHTS[sender.role].language ? `${sender.role} window` : undefined);
    if (refusal !== undefined) {
      log(`guichet: IPC refused (${refusal}: language)`);
      return null;
    }
    return app.context?.language ?? 'fr';
  });
  const unsubscribe = app.subscribe((appEvent) => {
    for (const window of windows.list()) {
      const contents = window.webContents;
      const role = windows.roleOf(contents);
      if (role === undefined || contents.isDestroyed() || !isAppUrl(contents.getURL())) continue;
      const out = messageFor(role, appEvent);
      if (out) contents.send(out.channel, out.message);
    }
  });
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    ipcMain.removeHandler(DISPLAY_LANGUAGE_CHANNEL);
    unsubscribe();
  };
}
