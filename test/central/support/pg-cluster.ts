/** The throwaway PostgreSQL cluster of central's tests (moved to central/store/local-cluster.ts for the benches). */
export { PG_BIN, pgAvailable, requirePg, startPgCluster, type PgCluster, type PgClusterOptions } from '../../../central/store/local-cluster.js';
