/** The layering rule keeps the back-office console on common/ and itself (eslint-rules/layering.js). */
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
