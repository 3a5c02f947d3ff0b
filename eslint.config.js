import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { boundaryConfigs } from './scripts/lint/boundaries.js'
import { rawControlConfig } from './scripts/lint/raw-controls.js'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      // per-engineer web builds (NEXT_DIST_DIR=.next-<name>)
      '**/.next-*/**',
      // scratch space (gitignored), e.g. a web build in NEXT_DIST_DIR=.tmp/next-x
      '**/.tmp/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'apps/web/next-env.d.ts',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in the app config.ts only.' },
      ],
    },
  },
  {
    files: [
      '**/config.ts',
      'scripts/**',
      '**/*.config.*',
      '**/bench/**',
      'e2e/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'bin/loa/*.mjs',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Who may import whom (docs/ARCHITECTURE.md): apps never import apps, packages never import apps.
  ...boundaryConfigs(),
  // No raw <button> / <input type="file"> outside the design system (issue 35).
  rawControlConfig(),
)
