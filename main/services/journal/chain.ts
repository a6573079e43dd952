/**
 * Re-export for test/central/support/terminal-client.ts, which seals journal entries with the terminal's
 * own code and is edited on the central branch only: the chain lives in main/kernel/chain.ts.
 */
export { GENESIS_HASH, sealEntry } from '../../kernel/chain.js';
