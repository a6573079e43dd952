/** Issue 14, finding 6: a device address's problem is said in the counter's language, never the parser's English. */
import { describe, expect, it } from 'vitest';
import { canonicalDeviceUri } from '../../main/services/terminal/settings.js';
import { uriProblemKey } from '../../renderer/src/screens/devices/UriField.js';

function problemOf(kind: 'printer' | 'scanner', uri: string): string {
  try {
    canonicalDeviceUri(kind, uri);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${uri} was accepted`);
}

describe('device address problems in words', () => {
  it.each([
    ['printer', 'tcp://192.168.1.50:99999', 'settings.uri.problem.tcp'],
    ['printer', 'tcp:192.168.1.50', 'settings.uri.problem.tcp'],
    ['printer', 'lpt1', 'settings.uri.problem.scheme'],
    ['printer', 'hid:0c2e:0b61', 'settings.uri.problem.scheme'],
    ['scanner', 'hid:12:34', 'settings.uri.problem.hid'],
    ['scanner', 'serial:', 'settings.uri.problem.serial'],
    ['printer', 'serial:/dev/ttyUSB0?speed=9600', 'settings.uri.problem.parameter'],
  ] as const)('%s %s', (kind, uri, key) => {
    expect(uriProblemKey(problemOf(kind, uri))).toBe(key);
  });
});
