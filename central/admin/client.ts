/** Sends an administrative operation to the service that holds a data folder (loopback, admin token). */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join, resolve } from 'node:path';
import { TOKEN_FILE, type ServingRecord } from '../server/holder.js';

export class AdminRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export async function callService(dataDir: string, rec: ServingRecord & { url: string }, op: string, args: unknown): Promise<unknown> {
  const token = readFileSync(join(resolve(dataDir), TOKEN_FILE), 'utf8').trim();
  const url = new URL(`/v1/admin/${op}`, rec.url);
  const body = Buffer.from(JSON.stringify(args ?? {}));
  const options: https.RequestOptions = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${token}` },
    timeout: 120_000,
  };
  if (url.protocol === 'https:' && rec.tls_cert) {
    // Pin the service's own certificate (it may be self-signed and name another host than loopback).
    options.ca = readFileSync(rec.tls_cert);
    options.checkServerIdentity = () => undefined;
  }
  const lib = url.protocol === 'https:' ? https : http;
  const { status, text } = await new Promise<{ status: number; text: string }>((resolvePromise, reject) => {
    const req = lib.request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('the service did not answer in time')));
    req.on('error', (err) => reject(new Error(`cannot reach the running service at ${rec.url}: ${err.message}`)));
    req.end(body);
  });
  let json: { result?: unknown; error?: string; reason?: string };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new Error(`the service at ${rec.url} answered ${status} without JSON`);
  }
  if (status !== 200) throw new AdminRefusal(json.reason ?? 'error', json.error ?? `the service answered ${status}`);
  return json.result;
}
