import { Command } from 'commander';
import { probeDevices, type DeviceProbe } from '../../../../native/scanner/device-probe.js';
import { printJson, withJsonOption, type JsonOption } from '../options.js';

function printText(probe: DeviceProbe): void {
  if (probe.devices.length === 0) console.log('No serial port or HID device found.');
  const width = Math.max(0, ...probe.devices.map((d) => d.uri.length));
  for (const d of probe.devices) {
    const names = [d.manufacturer, d.product].filter((s) => s !== undefined).join(' ');
    const usage = d.usagePage !== undefined ? ` usage 0x${d.usagePage.toString(16)}/0x${(d.usage ?? 0).toString(16)}` : '';
    console.log(`${d.uri.padEnd(width)}  ${d.guess}${names ? ` — ${names}` : ''}${usage}`);
  }
  for (const p of probe.problems) console.log(`note: ${p.message}`);
  console.log('Keyboard-wedge scanners type like a keyboard: the counter screen reads them, they are not listed here.');
}

/** `guichet devices [--json]`: serial ports and HID devices, with what each probably is. */
export function devicesCommand(): Command {
  const cmd = new Command('devices').description(
    'List serial ports and HID devices with what each probably is (scanner, printer, adapter); says what is missing when udev or libusb is absent.',
  );
  return withJsonOption(cmd).action(async (opts: JsonOption) => {
    const probe = await probeDevices();
    if (opts.json) printJson(probe);
    else printText(probe);
  });
}
