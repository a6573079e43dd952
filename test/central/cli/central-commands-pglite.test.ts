/** `guichet central …` end to end on PGlite (the suite: central-commands.ts). */
import { describeCentralCommands } from './central-commands.js';

describeCentralCommands('pglite');
