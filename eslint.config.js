import tseslint from 'typescript-eslint';
import layering from './eslint-rules/layering.js';

const root = import.meta.dirname;

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { guichet: { rules: { layering } } },
    rules: {
      'guichet/layering': ['error', { root }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // A promise is awaited, returned, or marked `void` on purpose: never dropped by mistake. Type-aware,
    // so only where it matters most (the terminal and central): on the whole tree it doubles the lint time.
    files: ['main/**/*.ts', 'central/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Games are pure computation: no clocks, no randomness from the platform, no globals that do I/O.
    files: ['games/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'process', 'require', 'fetch', 'window', 'document', 'localStorage', 'setTimeout', 'setInterval', 'console'],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'games take an explicit rng' }, { object: 'Date', property: 'now' }],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date']", message: 'games never read the clock' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
