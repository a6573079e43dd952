import type { Migration } from './migration.js';

/**
 * Central over TLS (issue 20): the certificate authority central's certificate must chain to, pinned at
 * enrolment (PEM; null for a central on loopback over plain HTTP), and replaced only by a lottery-signed
 * feed item announcing the next one.
 */
export const centralTls: Migration = {
  version: 8,
  name: 'central-tls',
  up(db) {
    db.exec('ALTER TABLE sync_state ADD COLUMN central_ca_pem TEXT');
  },
};
