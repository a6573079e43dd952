/**
 * The lottery's TLS files in a central data folder (`central tls`), made with the machine's `openssl`:
 * a self-signed certificate authority (`tls/ca.pem`, its key `tls/ca.key`, mode 0600), handed to every
 * terminal with its enrolment code and pinned there, and central's server certificate (`tls/server.pem`,
 * the chain: server then CA; `tls/server.key`) naming the hosts terminals reach central by. A new server
 * certificate under the same authority changes nothing on the terminals.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

export const TLS_DIR = 'tls';

export interface TlsFiles {
  readonly caCert: string;
  readonly caKey: string;
  /** Server certificate chain (server, then CA). */
  readonly serverCert: string;
  readonly serverKey: string;
}

export function tlsFilesOf(dataDir: string): TlsFiles {
  const dir = join(resolve(dataDir), TLS_DIR);
  return { caCert: join(dir, 'ca.pem'), caKey: join(dir, 'ca.key'), serverCert: join(dir, 'server.pem'), serverKey: join(dir, 'server.key') };
}

export interface MadeTls {
  readonly files: TlsFiles;
  /** SHA-256 fingerprint of the authority (as `openssl x509 -fingerprint -sha256` prints it), to read out with the codes. */
  readonly caFingerprint: string;
  readonly caCreated: boolean;
  readonly hosts: readonly string[];
  readonly serverNotAfter: string;
}

function openssl(args: readonly string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    throw new Error(`openssl ${args[0]} failed: ${e.stderr?.toString().trim() || e.message}`);
  }
}

/** A host name or IP address for a certificate's subjectAltName. */
function altName(host: string): string {
  if (isIP(host)) return `IP:${host}`;
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(host)) throw new Error(`'${host}' is not a host name or IP address`);
  return `DNS:${host}`;
}

/**
 * Makes the authority when missing, and a new server certificate for `hosts` (valid `days`, 397 at most
 * as browsers allow; the authority 10 years).
 */
export function makeTlsFiles(dataDir: string, hosts: readonly string[], days = 397): MadeTls {
  if (hosts.length === 0) throw new Error('name at least one host the terminals reach central by (--host)');
  if (!Number.isInteger(days) || days < 1 || days > 397) throw new Error('a server certificate lasts 1 to 397 days');
  const sans = hosts.map(altName).join(',');
  const files = tlsFilesOf(dataDir);
  const dir = join(resolve(dataDir), TLS_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const work = mkdtempSync(join(dir, '.make-'));
  try {
    const caCreated = !existsSync(files.caCert);
    if (caCreated) {
      openssl(
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650',
          '-subj', '/O=Guichet lottery/CN=Guichet lottery certificate authority', '-addext', 'basicConstraints=critical,CA:TRUE,pathlen:0',
          '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
        work,
      );
      writeFileSync(files.caKey, readFileSync(join(work, 'ca.key')), { mode: 0o600 });
      writeFileSync(files.caCert, readFileSync(join(work, 'ca.pem')), { mode: 0o644 });
    }
    writeFileSync(join(work, 'ext.cnf'), `basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=${sans}\n`);
    openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/O=Guichet lottery/CN=${hosts[0]!}`], work);
    openssl(
      ['x509', '-req', '-in', 'server.csr', '-CA', files.caCert, '-CAkey', files.caKey, '-set_serial', `0x${randomBytes(16).toString('hex')}`, '-days', String(days), '-sha256', '-extfile', 'ext.cnf', '-out', 'server.pem'],
      work,
    );
    const ca = readFileSync(files.caCert, 'utf8');
    writeFileSync(files.serverKey, readFileSync(join(work, 'server.key')), { mode: 0o600 });
    chmodSync(files.serverKey, 0o600);
    writeFileSync(files.serverCert, `${readFileSync(join(work, 'server.pem'), 'utf8').trim()}\n${ca.trim()}\n`, { mode: 0o644 });
    const server = new X509Certificate(readFileSync(join(work, 'server.pem')));
    return { files, caFingerprint: new X509Certificate(ca).fingerprint256, caCreated, hosts: [...hosts], serverNotAfter: new Date(server.validTo).toISOString() };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
