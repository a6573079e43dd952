// Native modules are loaded when first needed, so a machine without libusb/hidraw or udev still runs
// everything else and can say what is missing.

import type * as NodeHidModule from 'node-hid';
import type * as SerialPortNamespace from 'serialport';

export type NodeHid = typeof NodeHidModule;
export type SerialPortModule = typeof SerialPortNamespace;

/** A native module that cannot be loaded on this machine. */
export class NativeModuleError extends Error {
  override readonly name = 'NativeModuleError';
  constructor(
    readonly module: string,
    readonly hint: string,
    cause: unknown,
  ) {
    super(`${module} is not available: ${cause instanceof Error ? cause.message : String(cause)} (${hint})`, { cause });
  }
}

/** Loads node-hid; throws {@link NativeModuleError} when its binary cannot load. */
export async function loadNodeHid(): Promise<NodeHid> {
  try {
    const mod = await import('node-hid');
    // A CommonJS module: named exports, or everything on `default`.
    return (typeof mod.devicesAsync === 'function' ? mod : (mod as unknown as { default: NodeHid }).default) as NodeHid;
  } catch (err) {
    throw new NativeModuleError('node-hid', 'HID needs hidraw (Linux) or libusb; check the node-hid binary for this platform', err);
  }
}

/** Loads serialport; throws {@link NativeModuleError} when its binding cannot load. */
export async function loadSerialPort(): Promise<SerialPortModule> {
  try {
    return await import('serialport');
  } catch (err) {
    throw new NativeModuleError('serialport', 'check the @serialport/bindings-cpp binary for this platform', err);
  }
}
