import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', 'data/', '.react-router/', 'coverage/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // A closed Radix dialog's Presence costs the hydration a synchronous re-render
    // (app/components/layout/OpenDialogPortal.tsx, bench/README.md change 161).
    files: ['app/**/*.tsx'],
    ignores: ['app/components/layout/OpenDialogPortal.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXMemberExpression[object.name='Dialog'][property.name='Portal']", message: 'Use OpenDialogPortal, which renders the portal only while the dialog is open.' },
      ],
    },
  },
  {
    // Envelop plugins are named use*; they are not React hooks.
    files: ['server/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Libraries no request needs at start are loaded where they are used (createRequire or a
    // dynamic import), not by the server's start: ~17 MB of heap otherwise (ADR 061). Types may
    // still be imported; tests may import them as they like.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['pdfkit', 'pdf-lib', 'tar', 'ioredis', 'web-push', '@zxcvbn-ts/language-common'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Load it where it is used (createRequire or await import()): see docs/decisions/061-freed-memory-returned-to-the-system.md.',
          })),
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
