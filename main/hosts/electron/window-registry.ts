/**
 * The windows Guichet opened itself (the cashier's screen, the customer display). IPC answers only
 * their top frames and events go only to them; any other web contents is a stranger.
 */
import type { BrowserWindow, WebContents } from 'electron';

export type WindowRole = 'main' | 'customer';

export class WindowRegistry {
  readonly #windows = new Map<BrowserWindow, WindowRole>();

  /** Records a window; it is forgotten when it closes. */
  add(window: BrowserWindow, role: WindowRole): void {
    this.#windows.set(window, role);
    window.once('closed', () => this.#windows.delete(window));
  }

  /** The open window of a role, if any. */
  get(role: WindowRole): BrowserWindow | undefined {
    return this.list().find((w) => this.#windows.get(w) === role);
  }

  /** Every open window (destroyed ones left out). */
  list(): BrowserWindow[] {
    return [...this.#windows.keys()].filter((w) => !w.isDestroyed());
  }

  /** The role of the window showing `contents`, or undefined when it is not one of ours. */
  roleOf(contents: WebContents): WindowRole | undefined {
    for (const w of this.list()) {
      if (w.webContents.id === contents.id) return this.#windows.get(w);
    }
    return undefined;
  }
}
