/**
 * No import circle in product code: a module never reaches itself through its imports. madge (v8)
 * follows every import of games/, common/, node/, db/, render/, native/, main/, renderer/, console/ and
 * central/, TypeScript's type-only imports included (`import type` ties two modules together as much
 * as any other: main/kernel/ exists because such a tie ran through seven files).
 */
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCT = ['games', 'common', 'node', 'db', 'render', 'native', 'main', 'renderer', 'console', 'central'];

async function graph() {
  const types = { skipTypeImports: false };
  return madge(
    PRODUCT.map((dir) => path.join(ROOT, dir)),
    {
      baseDir: ROOT,
      fileExtensions: ['ts', 'tsx', 'cts'],
      tsConfig: path.join(ROOT, 'tsconfig.json'),
      detectiveOptions: { ts: types, tsx: types },
    },
  );
}

describe('import circles', () => {
  it('product code has none (type-only imports count)', async () => {
    const result = await graph();
    // Every project file was found, and every import madge could not follow is a package's.
    expect(Object.keys(result.obj()).some((f) => f.startsWith('main/kernel/'))).toBe(true);
    expect(result.warnings().skipped.filter((s) => s.startsWith('.') || s.startsWith('/'))).toEqual([]);
    expect(result.circular().map((c) => c.join(' -> '))).toEqual([]);
  });
});
