/** `guichet central …` end to end on PostgreSQL, when installed (the suite: central-commands.ts). */
import { describe } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { describeCentralCommands } from './central-commands.js';

describe.runIf(ENGINES.includes('postgres'))('PostgreSQL', () => describeCentralCommands('postgres'));
