// Lint: ESLint with typescript-eslint's recommended rules (pure JavaScript, so `npm ci` installs it
// on any platform from the lock file).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const importX = require('eslint-plugin-import-x');
const regexp = require('eslint-plugin-regexp');

// The layers below the modules know no module (ARCHITECTURE.md, "Where modules are wired"): what
// they need of one comes in as arguments, decorators or an interface of theirs.
const LOWER_LAYERS = ['db', 'events', 'graphql', 'auth', 'common'];

module.exports = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/db/migrations/Migration*.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        Headers: 'readonly',
        globalThis: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'mikro-orm.config.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js', '.json', '.node'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: LOWER_LAYERS.map((layer) => ({
            target: `./src/${layer}`,
            from: './src/modules',
            message: `src/${layer} imports no module: pass what it needs in (ARCHITECTURE.md)`,
          })),
        },
      ],
      // No two files that need each other at run time (type-only imports are allowed both ways).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Regular expressions that backtrack super-linearly: one pattern on a long message took minutes
    // of CPU and blocked every other request. 'potential' also reports what may be exploitable, and
    // a pattern built from constants at run time is read too (`ignorePartial: false`). A pattern the
    // rule cannot read (built from a parameter or another module's constant) is covered by
    // test/reader-fuzz.unit.test.ts; docs/development.md says how to write one that passes.
    files: ['src/**/*.ts', 'console/src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: false, ignorePartial: false }],
      'regexp/no-misleading-capturing-group': ['error', { reportBacktrackingEnds: true }],
      // A pattern handed to RegExp in a variable (a helper such as `rx(source)`) is one the rules
      // above cannot read: write it where it is built.
      'no-restricted-syntax': [
        'error',
        {
          selector: ":matches(NewExpression, CallExpression)[callee.name='RegExp'][arguments.0.type='Identifier']",
          message:
            'build the pattern inline (a literal or a String.raw template), where regexp/no-super-linear-backtracking reads it',
        },
      ],
    },
  },
  {
    // The console's browser code (console/src): the page's globals instead of Node's.
    files: ['console/src/**'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        location: 'readonly',
        localStorage: 'readonly',
        atob: 'readonly',
        HTMLElement: 'readonly',
        HTMLSelectElement: 'readonly',
        HTMLElementTagNameMap: 'readonly',
        Node: 'readonly',
        Element: 'readonly',
        Event: 'readonly',
        EventListener: 'readonly',
      },
    },
  },
);
