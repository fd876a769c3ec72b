// Lint: ESLint with typescript-eslint's recommended rules (pure JavaScript, so `npm ci` installs it
// on any platform from the lock file).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

module.exports = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/db/migrations/Migration*.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', URL: 'readonly', Headers: 'readonly', globalThis: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The console's browser code (console/src): the page's globals instead of Node's.
    files: ['console/src/**'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', location: 'readonly', localStorage: 'readonly', atob: 'readonly', HTMLElement: 'readonly', HTMLSelectElement: 'readonly', HTMLElementTagNameMap: 'readonly', Node: 'readonly', Element: 'readonly', Event: 'readonly', EventListener: 'readonly' } },
  },
);
