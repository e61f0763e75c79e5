import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/', '.tmp/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/app/**/*.ts', 'src/features/**/*.ts', 'src/grids/**/*.ts', 'src/forms/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Dependency direction (ARCHITECTURE.md): browser code never imports the server; schemas and lib import neither React nor the database.
    files: ['src/app/**', 'src/features/**', 'src/grids/**', 'src/forms/**', 'src/schemas/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/server'], message: 'Browser and shared code must not import src/server.' }] }],
    },
  },
  {
    // lib is the bottom layer: pure contracts and helpers that import nothing else of ours.
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/schemas/**', '**/app/**', '**/features/**', '**/grids/**', '**/forms/**'], message: 'src/lib imports nothing else of ours (ARCHITECTURE.md: dependency direction).' }] },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@mui/*', '**/app/**', '**/features/**', '**/grids/**', '**/forms/**'], message: 'The server never imports browser code.' }] }],
    },
  },
  {
    // The declaration merging of FastifyRequest and FastifyInstance needs an interface.
    files: ['src/server/auth/auth-hooks.ts', 'src/server/app.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
);
