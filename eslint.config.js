// ESLint for the whole tree: typescript-eslint's recommended rules, plus the ones the code keeps.
// `npm run lint` runs it with the import rules (scripts/depcheck.mjs) and Prettier's check.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', '**/coverage/', 'out/', 'protocols/src/generated/', 'protocols/c/', 'firmware/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // No `any` at all, so none reaches a module boundary.
      '@typescript-eslint/no-explicit-any': 'error',
      // A `let` read by a callback before its one assignment (a link the firmware sends through
      // once it exists) cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // The web UI's own scripts run in the browser, as ES modules, without a build step.
    files: ['gateway/src/web/static/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
);
