/** Where `central serve` listens: `HOST:PORT`, and the default. */

export const DEFAULT_LISTEN = '127.0.0.1:8470';

/** Parses `host:port` (IPv6 in brackets); port 0 picks a free one. */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  const port = Number(m?.[3]);
  if (!m || port > 65535) throw new Error(`--listen takes HOST:PORT, e.g. 127.0.0.1:8470, not '${value}'`);
  return { host: (m[1] ?? m[2]) as string, port };
}
