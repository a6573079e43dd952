/**
 * The preload as Electron's sandbox runs it: compiled to CommonJS, wrapped in a function that gets a
 * `require` answering only `electron`, evaluated in a fresh context. No Electron needed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createContext, Script } from 'node:vm';
import ts from 'typescript';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DISPLAY_CHANNEL, DISPLAY_LANGUAGE_CHANNEL, EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../../main/hosts/electron/ipc.js';

// ipc.ts (the channel names' home) imports Electron's main-process API.
vi.mock('electron', () => import('./fake-electron.js'));

const DIR = path.resolve(import.meta.dirname, '../../../../main/hosts/electron');

interface Loaded {
  required: string[];
  exposed: { name: string; api: Record<string, (...args: unknown[]) => unknown> }[];
  invoked: unknown[][];
  listeners: Map<string, Set<(...args: unknown[]) => void>>;
}

function loadPreload(file = 'preload.cts'): Loaded {
  const { outputText } = ts.transpileModule(readFileSync(path.join(DIR, file), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    fileName: file,
  });
  const loaded: Loaded = { required: [], exposed: [], invoked: [], listeners: new Map() };
  const electron = {
    contextBridge: {
      exposeInMainWorld(name: string, api: Record<string, (...args: unknown[]) => unknown>) {
        loaded.exposed.push({ name, api });
      },
    },
    ipcRenderer: {
      invoke(...args: unknown[]) {
        loaded.invoked.push(args);
        return Promise.resolve(args[0] === DISPLAY_LANGUAGE_CHANNEL ? 'en' : { ok: true, value: 'answer' });
      },
      on(channel: string, listener: (...args: unknown[]) => void) {
        if (!loaded.listeners.has(channel)) loaded.listeners.set(channel, new Set());
        loaded.listeners.get(channel)?.add(listener);
      },
      removeListener(channel: string, listener: (...args: unknown[]) => void) {
        loaded.listeners.get(channel)?.delete(listener);
      },
    },
  };
  const sandboxRequire = (name: string): unknown => {
    loaded.required.push(name);
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name} (a sandboxed preload may only require electron)`);
  };
  const wrapper = new Script(`(function (require, process, Buffer, global, setImmediate, clearImmediate, exports, module) {\n${outputText}\n})`);
  const fn = wrapper.runInContext(createContext({})) as (...args: unknown[]) => void;
  const module = { exports: {} };
  fn(sandboxRequire, {}, undefined, {}, undefined, undefined, module.exports, module);
  return loaded;
}

describe('preload', () => {
  let loaded: Loaded;
  beforeAll(() => {
    loaded = loadPreload();
  });

  it('requires nothing but electron', () => {
    expect(loaded.required).toEqual(['electron']);
  });

  it('exposes exactly one object, window.guichet, with invoke and onEvent only', () => {
    expect(loaded.exposed.map((e) => e.name)).toEqual(['guichet']);
    expect(Object.keys(loaded.exposed[0]?.api ?? {}).sort()).toEqual(['invoke', 'onEvent']);
  });

  it('invokes on the channel ipc.ts answers', async () => {
    const api = loaded.exposed[0]?.api;
    loaded.invoked.length = 0;
    await expect(api?.invoke?.('ticket.check', { barcode: '1' })).resolves.toEqual({ ok: true, value: 'answer' });
    expect(loaded.invoked).toEqual([[INVOKE_CHANNEL, 'ticket.check', { barcode: '1' }]]);
    await expect(api?.invoke?.(42, {})).rejects.toThrow('the method is a string');
    expect(loaded.invoked).toHaveLength(1);
  });

  it('listens on the channel ipc.ts sends on, hands over the event only, and stops when asked', () => {
    const api = loaded.exposed[0]?.api;
    const received: unknown[][] = [];
    const stop = api?.onEvent?.((...args: unknown[]) => received.push(args)) as () => void;
    expect([...loaded.listeners.keys()]).toEqual([EVENT_CHANNEL]);
    const forward = [...(loaded.listeners.get(EVENT_CHANNEL) ?? [])];
    expect(forward).toHaveLength(1);
    forward[0]?.({ sender: 'the IPC event must not leak' }, { type: 'scan' });
    expect(received).toEqual([[{ type: 'scan' }]]);
    stop();
    expect(loaded.listeners.get(EVENT_CHANNEL)?.size).toBe(0);
    expect(() => api?.onEvent?.('not a function')).toThrow('the listener is a function');
  });
});

describe('display preload (the customer display)', () => {
  let loaded: Loaded;
  beforeAll(() => {
    loaded = loadPreload('display-preload.cts');
  });

  it('requires nothing but electron', () => {
    expect(loaded.required).toEqual(['electron']);
  });

  it('exposes window.guichetDisplay with language and onDisplay only: no invoke, no event stream', () => {
    expect(loaded.exposed.map((e) => e.name)).toEqual(['guichetDisplay']);
    expect(Object.keys(loaded.exposed[0]?.api ?? {}).sort()).toEqual(['language', 'onDisplay']);
  });

  it('asks the language on the channel ipc.ts answers, with no argument the page could choose', async () => {
    const api = loaded.exposed[0]?.api;
    loaded.invoked.length = 0;
    await expect(api?.language?.('ticket.pay', { barcode: '1' })).resolves.toBe('en');
    expect(loaded.invoked).toEqual([[DISPLAY_LANGUAGE_CHANNEL]]);
  });

  it('listens to the display channel only, hands over the view only, and stops when asked', () => {
    const api = loaded.exposed[0]?.api;
    const received: unknown[][] = [];
    const stop = api?.onDisplay?.((...args: unknown[]) => received.push(args)) as () => void;
    expect([...loaded.listeners.keys()]).toEqual([DISPLAY_CHANNEL]);
    expect(loaded.listeners.has(EVENT_CHANNEL)).toBe(false);
    const forward = [...(loaded.listeners.get(DISPLAY_CHANNEL) ?? [])];
    forward[0]?.({ sender: 'the IPC event must not leak' }, { kind: 'idle' });
    expect(received).toEqual([[{ kind: 'idle' }]]);
    stop();
    expect(loaded.listeners.get(DISPLAY_CHANNEL)?.size).toBe(0);
    expect(() => api?.onDisplay?.('not a function')).toThrow('the listener is a function');
  });
});
