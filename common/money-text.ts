/** Money and counts as people read them (integer cents in, text out), for every screen that shows them. */
export { formatCount, formatEuros, type Locale } from '../games/money.js';
