/** A well-formed losing Millionnaire unit in the canonical JSON shape, for tests to start from. */
import type { MillionnairePlay } from '../../games/millionnaire/play.js';

export function losingMillionnaire(): MillionnairePlay {
  return {
    jeu1: [
      { stars: ['ruby', 'gold', 'pearl'], gain: 1000 },
      { stars: ['jade', 'onyx', 'opal'], gain: 2000 },
      { stars: ['topaz', 'amber', 'ruby'], gain: 5000 },
      { stars: ['gold', 'jade', 'topaz'], gain: 10000 },
      { stars: ['pearl', 'opal', 'amber'], gain: 15000 },
      { stars: ['onyx', 'ruby', 'jade'], gain: 100_000_000 },
    ],
    jeu2: [1000, 2000, 5000, 10000, 15000, 100_000, 1_000_000, 100_000_000],
    jeu3: [
      { diamant: 12, saphir: 13, gain: 1000 },
      { diamant: 1, saphir: 99, gain: 5000 },
      { diamant: 40, saphir: 41, gain: 100_000 },
    ],
    jeu4: [
      { symbol: 'crown', amount: 1000 },
      { symbol: 'key', amount: 2000 },
      { symbol: 'clover', amount: 5000 },
      { symbol: 'anchor', amount: 10000 },
      { symbol: 'bell', amount: 15000 },
      { symbol: 'crown', amount: 10_000_000 },
    ],
  };
}
