/**
 * The devices card says what to do in words (#25: its hint above the detection button was a list of raw
 * addresses, `serial:/dev/ttyUSB0?baud=9600, …, hid:0c2e:0b61`): detect, then use each device found as
 * the printer or a scanner, then save. The address forms stay for a technician typing one, in a small
 * line under the fields (and the fields' placeholders), not in the hint. Rendered to HTML with
 * react-dom/server, as screens-with-fake-api.test.tsx does (no effects run, nothing is called).
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GuichetApi } from '../../../common/api/contract.js';
import type { Language } from '../../../common/api/views.js';
import { ApiProvider } from '../../../renderer/src/api/context.js';
import { DICTIONARIES, I18nProvider, makeTranslate, mergeDictionaries } from '../../../renderer/src/i18n/index.js';
import { DevicesFinder } from '../../../renderer/src/screens/devices/DevicesFinder.js';
import { printerInWords } from '../../../renderer/src/screens/devices/device-words.js';

const dict = mergeDictionaries(DICTIONARIES);
/** An address form: a scheme the terminal's parser knows, a device path, or the `VVVV:PPPP` of a HID id. */
const RAW_ADDRESS = /\b(serial|tcp|file|hid|virtual):|\/dev\/|VVVV/i;

const api: GuichetApi = {
  call: () => Promise.reject(new Error('nothing is called on render')),
  subscribe: () => () => undefined,
};

function finder(language: Language): string {
  return renderToString(
    <ApiProvider api={api}>
      <I18nProvider initial={language}>
        <DevicesFinder onPrinter={() => undefined} onScanner={() => undefined} />
      </I18nProvider>
    </ApiProvider>,
  );
}

/** The hint's text as the screen shows it (entities decoded the few ways React writes them). */
function hintOf(html: string): string {
  const m = /<p[^>]*data-testid="devices-hint"[^>]*>(.*?)<\/p>/s.exec(html);
  expect(m, 'the devices card has a hint').not.toBeNull();
  return m![1]!.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

describe('the devices card in words', () => {
  it.each(['fr', 'en'] as const)('says what to do in %s, naming the buttons, without a raw address', (language) => {
    const t = makeTranslate(dict, language);
    const html = finder(language);
    const hint = hintOf(html);
    expect(hint).not.toMatch(RAW_ADDRESS);
    for (const button of ['settings.devices.detect', 'settings.devices.usePrinter', 'settings.devices.useScanner', 'settings.save']) expect(hint).toContain(t(button));
    // Above the detection button, which points at it for a screen reader; the button stays a plain button (keyboard).
    expect(html.indexOf('data-testid="devices-hint"')).toBeLessThan(html.indexOf('data-testid="devices-detect"'));
    expect(html).toMatch(/<button type="button"[^>]*aria-describedby="devices-hint"[^>]*data-testid="devices-detect"|<button type="button"[^>]*data-testid="devices-detect"[^>]*aria-describedby="devices-hint"/);
  });

  it('keeps the address forms for a technician typing one, in both languages', () => {
    for (const language of ['fr', 'en'] as const) {
      const typed = dict[language]['settings.devices.typed'] ?? '';
      for (const form of ['serial:/dev/ttyUSB0', 'tcp://192.168.1.50:9100', 'hid:0c2e:0b61', 'virtual:']) expect(typed).toContain(form);
    }
  });

  it('shows raw addresses nowhere else in the settings texts but where one is typed (its problems, the technician line)', () => {
    for (const language of ['fr', 'en'] as const) {
      const raw = Object.entries(dict[language])
        .filter(([key]) => key.startsWith('settings.') && !key.startsWith('settings.uri.problem.') && key !== 'settings.devices.typed')
        .filter(([, text]) => RAW_ADDRESS.test(text))
        .map(([key]) => key);
      expect(raw, `settings texts in ${language} showing a raw address`).toEqual([]);
    }
  });

  // The printer in use read "En service : virtual:counter": its kind in words, where it is, and for a
  // virtual one that nothing comes out on paper.
  it('says the printer in use by its kind and where it is, in French and English', () => {
    const fr = makeTranslate(dict, 'fr');
    const en = makeTranslate(dict, 'en');
    expect(fr('settings.uri.active', { printer: printerInWords('virtual:counter', fr) })).toBe('En service : imprimante virtuelle « counter », rien ne sort sur papier');
    expect(en('settings.uri.active', { printer: printerInWords('virtual:counter', en) })).toBe('In use: virtual printer “counter”, nothing comes out on paper');
    expect(printerInWords('tcp://192.168.1.50:9100', fr)).toBe('imprimante réseau 192.168.1.50:9100');
    expect(printerInWords('serial:/dev/ttyUSB0?baud=9600', en)).toBe('printer on serial port /dev/ttyUSB0');
    expect(printerInWords('hid:0c2e:0b61', fr)).toBe('imprimante USB 0c2e:0b61');
    expect(printerInWords('file:/dev/usb/lp0', en)).toBe('printer /dev/usb/lp0');
    // An address of a kind it does not know is shown as it is, not lost.
    expect(printerInWords('bluetooth:AA:BB', fr)).toBe('bluetooth:AA:BB');
  });
});
