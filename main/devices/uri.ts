// Device URIs: how the counter names its hardware in settings, on the command line and in logs.
//
//   serial:/dev/ttyUSB0?baud=9600&suffix=cr      a serial port (scanner or printer)
//   hid:0c2e:0b61                                a USB HID device by vendor:product id (hex)
//   tcp://127.0.0.1:9100                         a network device (raw port 9100 by default)
//   file:/dev/usb/lp0                            a character device or file written directly
//   virtual:  /  virtual:name                    the in-memory twin used by demos and tests
import { z } from 'zod';

/** Default raw-printing port (JetDirect / AppSocket) for `tcp://host` without a port. */
export const DEFAULT_TCP_PORT = 9100;

/** How a serial device ends each message: a suffix after the data, or STX … ETX around it. */
export type SerialSuffix = 'cr' | 'crlf' | 'lf' | 'tab' | 'none';
export type SerialFraming = 'suffix' | 'stx-etx';
export type SerialParity = 'none' | 'even' | 'odd' | 'mark' | 'space';
export type SerialFlowControl = 'none' | 'rtscts' | 'xonxoff';

export interface SerialDeviceUri {
  readonly scheme: 'serial';
  /** Port path as the OS names it (`/dev/ttyUSB0`, `/dev/pts/3`, `COM3`); may be typed by hand. */
  readonly path: string;
  readonly baudRate: number;
  readonly dataBits: 5 | 6 | 7 | 8;
  readonly parity: SerialParity;
  readonly stopBits: 1 | 1.5 | 2;
  /** `suffix`: each message ends with `suffix`; `stx-etx`: each message is wrapped in STX (0x02) … ETX (0x03). */
  readonly framing: SerialFraming;
  readonly suffix: SerialSuffix;
  readonly flowControl: SerialFlowControl;
}

export interface HidDeviceUri {
  readonly scheme: 'hid';
  readonly vendorId: number;
  readonly productId: number;
  /** Optional USB serial number, to tell apart two devices of the same model. */
  readonly serialNumber?: string;
}

export interface TcpDeviceUri {
  readonly scheme: 'tcp';
  /** Host name or IP address; IPv6 addresses are stored without brackets. */
  readonly host: string;
  readonly port: number;
}

export interface FileDeviceUri {
  readonly scheme: 'file';
  /** Absolute path of the device node or file. */
  readonly path: string;
}

export interface VirtualDeviceUri {
  readonly scheme: 'virtual';
  /** Name of the virtual twin; `default` when the URI is just `virtual:`. */
  readonly name: string;
}

/** A parsed, validated device URI. */
export type DeviceUri = SerialDeviceUri | HidDeviceUri | TcpDeviceUri | FileDeviceUri | VirtualDeviceUri;
export type DeviceScheme = DeviceUri['scheme'];

export const DEVICE_SCHEMES: readonly DeviceScheme[] = ['serial', 'hid', 'tcp', 'file', 'virtual'];

/** Defaults of a serial URI's parameters: 9600 8N1, no flow control, messages ended by CR. */
export const SERIAL_DEFAULTS = {
  baudRate: 9600,
  dataBits: 8,
  parity: 'none',
  stopBits: 1,
  framing: 'suffix',
  suffix: 'cr',
  flowControl: 'none',
} as const satisfies Omit<SerialDeviceUri, 'scheme' | 'path'>;

/** A device URI that cannot be used, with the reason in words. */
export class DeviceUriError extends Error {
  override readonly name = 'DeviceUriError';
  constructor(
    readonly uri: string,
    readonly problem: string,
  ) {
    super(`invalid device URI '${uri}': ${problem}`);
  }
}

const STANDARD_BAUD_RATES = [
  110, 300, 600, 1200, 2400, 4800, 9600, 14400, 19200, 38400, 57600, 115200, 128000, 230400, 256000, 460800, 921600,
];

const serialSchema = z.object({
  scheme: z.literal('serial'),
  path: z.string().min(1, 'the port path is empty'),
  baudRate: z
    .number({ error: 'baud must be a number' })
    .int('baud must be a whole number')
    .refine((b) => STANDARD_BAUD_RATES.includes(b), {
      error: `baud must be one of ${STANDARD_BAUD_RATES.join(', ')}`,
    }),
  dataBits: z.union([z.literal(5), z.literal(6), z.literal(7), z.literal(8)], { error: 'databits must be 5, 6, 7 or 8' }),
  parity: z.enum(['none', 'even', 'odd', 'mark', 'space'], { error: 'parity must be none, even, odd, mark or space' }),
  stopBits: z.union([z.literal(1), z.literal(1.5), z.literal(2)], { error: 'stopbits must be 1, 1.5 or 2' }),
  framing: z.enum(['suffix', 'stx-etx'], { error: 'framing must be suffix or stx-etx' }),
  suffix: z.enum(['cr', 'crlf', 'lf', 'tab', 'none'], { error: 'suffix must be cr, crlf, lf, tab or none' }),
  flowControl: z.enum(['none', 'rtscts', 'xonxoff'], { error: 'flow must be none, rtscts or xonxoff' }),
});

const usbId = (what: string) =>
  z
    .number()
    .int()
    .min(0, `${what} must be 4 hex digits`)
    .max(0xffff, `${what} must be 4 hex digits`);

const hidSchema = z.object({
  scheme: z.literal('hid'),
  vendorId: usbId('vendor id'),
  productId: usbId('product id'),
  serialNumber: z.string().min(1, 'serial is empty').optional(),
});

const tcpSchema = z.object({
  scheme: z.literal('tcp'),
  host: z.string().min(1, 'the host is missing'),
  port: z.number().int('port must be a whole number').min(1, 'port must be 1–65535').max(65535, 'port must be 1–65535'),
});

const fileSchema = z.object({
  scheme: z.literal('file'),
  path: z
    .string()
    .min(1, 'the path is empty')
    .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), { error: 'the path must be absolute' }),
});

const virtualSchema = z.object({
  scheme: z.literal('virtual'),
  name: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'a virtual device name is 1–64 letters, digits, dots, dashes or underscores'),
});

/** The zod schema of a parsed device URI (useful to validate settings that store one already parsed). */
export const deviceUriSchema = z.discriminatedUnion('scheme', [serialSchema, hidSchema, tcpSchema, fileSchema, virtualSchema]);

function validate<T>(uri: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new DeviceUriError(uri, result.error.issues.map((i) => i.message).join('; '));
}

/** Splits `rest?query` and decodes the query into lower-case keys; rejects repeated and unknown keys. */
function splitQuery(uri: string, rest: string, known: readonly string[]): { body: string; params: Map<string, string> } {
  const q = rest.indexOf('?');
  const body = q < 0 ? rest : rest.slice(0, q);
  const params = new Map<string, string>();
  if (q >= 0) {
    for (const [rawKey, value] of new URLSearchParams(rest.slice(q + 1))) {
      const key = rawKey.toLowerCase();
      if (!known.includes(key)) {
        const allowed = known.length > 0 ? `known: ${known.join(', ')}` : 'this scheme takes none';
        throw new DeviceUriError(uri, `unknown parameter '${rawKey}' (${allowed})`);
      }
      if (params.has(key)) throw new DeviceUriError(uri, `parameter '${key}' is given twice`);
      params.set(key, value);
    }
  }
  return { body, params };
}

function decode(uri: string, text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new DeviceUriError(uri, `bad percent-escape in '${text}'`);
  }
}

/** A number from a query value, or NaN (which the schema then rejects with its own message). */
function numberParam(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
}

function parseSerial(uri: string, rest: string): SerialDeviceUri {
  const { body, params } = splitQuery(uri, rest, ['baud', 'databits', 'parity', 'stopbits', 'suffix', 'framing', 'flow']);
  // `serial:///dev/ttyS0` and `serial:/dev/ttyS0` name the same port.
  const path = decode(uri, body.startsWith('//') ? body.slice(2) : body);
  if (path === '') throw new DeviceUriError(uri, 'the port path is missing (e.g. serial:/dev/ttyUSB0)');
  const suffix = params.get('suffix')?.toLowerCase();
  const framing = params.get('framing')?.toLowerCase();
  return validate(uri, serialSchema, {
    scheme: 'serial',
    path,
    baudRate: numberParam(params.get('baud'), SERIAL_DEFAULTS.baudRate),
    dataBits: numberParam(params.get('databits'), SERIAL_DEFAULTS.dataBits),
    parity: params.get('parity')?.toLowerCase() ?? SERIAL_DEFAULTS.parity,
    stopBits: numberParam(params.get('stopbits'), SERIAL_DEFAULTS.stopBits),
    framing: framing ?? SERIAL_DEFAULTS.framing,
    // STX/ETX framing carries no suffix unless one is asked for explicitly.
    suffix: suffix ?? (framing === 'stx-etx' ? 'none' : SERIAL_DEFAULTS.suffix),
    flowControl: params.get('flow')?.toLowerCase() ?? SERIAL_DEFAULTS.flowControl,
  }) as SerialDeviceUri;
}

function parseHid(uri: string, rest: string): HidDeviceUri {
  const { body, params } = splitQuery(uri, rest, ['serial']);
  const m = /^([0-9a-fA-F]{4}):([0-9a-fA-F]{4})$/.exec(body.startsWith('//') ? body.slice(2) : body);
  if (!m) throw new DeviceUriError(uri, 'expected hid:VVVV:PPPP with 4-digit hex vendor and product ids (e.g. hid:0c2e:0b61)');
  const serial = params.get('serial');
  return validate(uri, hidSchema, {
    scheme: 'hid',
    vendorId: parseInt(m[1]!, 16),
    productId: parseInt(m[2]!, 16),
    ...(serial !== undefined ? { serialNumber: serial } : {}),
  });
}

function parseTcp(uri: string, rest: string): TcpDeviceUri {
  if (!rest.startsWith('//')) throw new DeviceUriError(uri, 'expected tcp://host:port (e.g. tcp://127.0.0.1:9100)');
  const { body } = splitQuery(uri, rest, []);
  const authority = body.slice(2).replace(/\/$/, '');
  if (authority.includes('/')) throw new DeviceUriError(uri, 'a tcp URI has no path, only tcp://host:port');
  if (authority.includes('@')) throw new DeviceUriError(uri, 'a tcp URI carries no user name or password');
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]*)(?::(.*))?$/.exec(authority);
  if (!m) throw new DeviceUriError(uri, 'expected tcp://host:port (IPv6 addresses in brackets: tcp://[::1]:9100)');
  const host = m[1]!.replace(/^\[(.*)\]$/, '$1');
  const portText = m[2];
  if (portText !== undefined && !/^\d{1,5}$/.test(portText)) throw new DeviceUriError(uri, `port '${portText}' is not a number`);
  return validate(uri, tcpSchema, {
    scheme: 'tcp',
    host,
    port: portText === undefined ? DEFAULT_TCP_PORT : Number(portText),
  });
}

function parseFile(uri: string, rest: string): FileDeviceUri {
  const { body } = splitQuery(uri, rest, []);
  // file:/dev/usb/lp0 and file:///dev/usb/lp0 are the same; file://host/… is not supported.
  let path = body;
  if (path.startsWith('//')) {
    path = path.slice(2);
    if (!path.startsWith('/')) throw new DeviceUriError(uri, 'file URIs name a local path: file:/dev/usb/lp0 or file:///dev/usb/lp0');
  }
  return validate(uri, fileSchema, { scheme: 'file', path: decode(uri, path) });
}

function parseVirtual(uri: string, rest: string): VirtualDeviceUri {
  const { body } = splitQuery(uri, rest, []);
  const name = decode(uri, body.replace(/^\/\//, ''));
  return validate(uri, virtualSchema, { scheme: 'virtual', name: name === '' ? 'default' : name });
}

/**
 * Parses and validates a device URI (`serial:`, `hid:`, `tcp:`, `file:`, `virtual:`).
 * Throws a {@link DeviceUriError} naming the problem when the URI is malformed or a value is out of range.
 */
export function parseDeviceUri(uri: string): DeviceUri {
  const text = uri.trim();
  const colon = text.indexOf(':');
  if (colon <= 0) {
    throw new DeviceUriError(uri, `no scheme; expected one of ${DEVICE_SCHEMES.map((s) => `${s}:`).join(', ')}`);
  }
  const scheme = text.slice(0, colon).toLowerCase();
  const rest = text.slice(colon + 1);
  switch (scheme) {
    case 'serial':
      return parseSerial(uri, rest);
    case 'hid':
      return parseHid(uri, rest);
    case 'tcp':
      return parseTcp(uri, rest);
    case 'file':
      return parseFile(uri, rest);
    case 'virtual':
      return parseVirtual(uri, rest);
    default:
      throw new DeviceUriError(uri, `unknown scheme '${scheme}'; expected one of ${DEVICE_SCHEMES.join(', ')}`);
  }
}

/** Like {@link parseDeviceUri} but also checks the scheme is one the caller can drive. */
export function parseDeviceUriOf<S extends DeviceScheme>(uri: string, schemes: readonly S[]): Extract<DeviceUri, { scheme: S }> {
  const parsed = parseDeviceUri(uri);
  if (!(schemes as readonly DeviceScheme[]).includes(parsed.scheme)) {
    throw new DeviceUriError(uri, `scheme '${parsed.scheme}' is not supported here (use ${schemes.join(', ')})`);
  }
  return parsed as Extract<DeviceUri, { scheme: S }>;
}

/** Percent-encodes what would otherwise be read as a query or an escape, keeping `/`, `:` and `\` readable. */
function encodePath(path: string): string {
  return path.replace(/[%?#&\s]/g, (c) => encodeURIComponent(c));
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/**
 * Formats a device URI in its canonical form: parameters at their default are left out, so
 * `formatDeviceUri(parseDeviceUri(u))` is short and `parseDeviceUri(formatDeviceUri(d))` equals `d`.
 */
export function formatDeviceUri(device: DeviceUri): string {
  switch (device.scheme) {
    case 'serial': {
      const params: string[] = [];
      if (device.baudRate !== SERIAL_DEFAULTS.baudRate) params.push(`baud=${device.baudRate}`);
      if (device.dataBits !== SERIAL_DEFAULTS.dataBits) params.push(`databits=${device.dataBits}`);
      if (device.parity !== SERIAL_DEFAULTS.parity) params.push(`parity=${device.parity}`);
      if (device.stopBits !== SERIAL_DEFAULTS.stopBits) params.push(`stopbits=${device.stopBits}`);
      if (device.framing !== SERIAL_DEFAULTS.framing) params.push(`framing=${device.framing}`);
      const defaultSuffix = device.framing === 'stx-etx' ? 'none' : SERIAL_DEFAULTS.suffix;
      if (device.suffix !== defaultSuffix) params.push(`suffix=${device.suffix}`);
      if (device.flowControl !== SERIAL_DEFAULTS.flowControl) params.push(`flow=${device.flowControl}`);
      return `serial:${encodePath(device.path)}${params.length ? `?${params.join('&')}` : ''}`;
    }
    case 'hid': {
      const base = `hid:${hex4(device.vendorId)}:${hex4(device.productId)}`;
      return device.serialNumber === undefined ? base : `${base}?serial=${encodeURIComponent(device.serialNumber)}`;
    }
    case 'tcp':
      return `tcp://${device.host.includes(':') ? `[${device.host}]` : device.host}:${device.port}`;
    case 'file':
      return `file:${encodePath(device.path)}`;
    case 'virtual':
      return device.name === 'default' ? 'virtual:' : `virtual:${device.name}`;
  }
}

/** Byte sequence that ends a message for a serial suffix (empty for `none`). */
export function serialSuffixBytes(suffix: SerialSuffix): Uint8Array {
  switch (suffix) {
    case 'cr':
      return Uint8Array.of(0x0d);
    case 'crlf':
      return Uint8Array.of(0x0d, 0x0a);
    case 'lf':
      return Uint8Array.of(0x0a);
    case 'tab':
      return Uint8Array.of(0x09);
    case 'none':
      return new Uint8Array(0);
  }
}
