/** The layering rule keeps the console on common/ and itself, and node/ off the renderer's side (eslint-rules/layering.js). */
import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import layering from '../../eslint-rules/layering.js';

const root = path.resolve(import.meta.dirname, '..', '..');

function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { ecmaVersion: 2022, sourceType: 'module' }, plugins: { guichet: { rules: { layering } } }, rules: { 'guichet/layering': ['error', { root }] } }],
    path.join(root, file),
  );
  return messages.map((m) => m.message);
}

describe('console/ layering', () => {
  it('may import common/, itself and packages', () => {
    expect(lint('console/src/a.ts', "import { x } from '../../common/ticket-number.js';\nimport { y } from './b.js';\nimport { z } from 'zod';")).toEqual([]);
  });
  it('may not import central/, main/, games/ or Node', () => {
    expect(lint('console/src/a.ts', "import { x } from '../../central/admin/ops.js';")).toEqual([expect.stringMatching(/'console\/' may not import from 'central\/admin\/ops.js'/)]);
    expect(lint('console/src/pages/a.ts', "import { x } from '../../../main/app/app.js';")).toHaveLength(1);
    expect(lint('console/src/a.ts', "import { x } from '../../games/index.js';")).toHaveLength(1);
    expect(lint('console/src/a.ts', "import { readFileSync } from 'node:fs';")).toEqual([expect.stringMatching(/built-in module 'node:fs'/)]);
  });
});

describe('node/ layering', () => {
  it('may use Node, packages, games/, common/ and itself', () => {
    expect(lint('node/protocol/a.ts', "import { createHash } from 'node:crypto';\nimport { x } from '../../common/canonical-json.js';\nimport { y } from '../outcome/keys.js';")).toEqual([]);
  });
  it('may not import the terminal or central', () => {
    expect(lint('node/a.ts', "import { x } from '../db/open.js';")).toEqual([expect.stringMatching(/'node\/' may not import from 'db\/open.js'/)]);
    expect(lint('node/a.ts', "import { x } from '../main/kernel/chain.js';")).toHaveLength(1);
    expect(lint('node/a.ts', "import { x } from '../central/protocol/verify.js';")).toHaveLength(1);
  });
  it('is reached by main/, central/, db/ and native/, never by the renderer, the console, common/, games/ or render/', () => {
    for (const file of ['main/kernel/a.ts', 'main/services/sync/a.ts', 'main/hosts/cli/a.ts', 'central/store/a.ts', 'db/queries/a.ts', 'native/a.ts']) {
      const up = '../'.repeat(file.split('/').length - 1);
      expect(lint(file, `import { x } from '${up}node/outcome/keys.js';`), file).toEqual([]);
    }
    for (const file of ['renderer/src/a.ts', 'console/src/a.ts', 'common/a.ts', 'games/a.ts', 'render/a.ts']) {
      const up = '../'.repeat(file.split('/').length - 1);
      expect(lint(file, `import { x } from '${up}node/outcome/keys.js';`), file).toEqual([expect.stringMatching(/may not import from 'node\/outcome\/keys.js'/)]);
    }
  });
  it('leaves the terminal\'s SQLite (db/) out of central', () => {
    expect(lint('central/store/a.ts', "import { x } from '../../db/open.js';")).toEqual([expect.stringMatching(/'central\/' may not import from 'db\/open.js'/)]);
  });
});
