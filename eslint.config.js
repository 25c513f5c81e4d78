// @ts-check
/**
 * Lint, run by `npm test` with zero warnings allowed: typescript-eslint's type-checked rules,
 * react-hooks, jsx-a11y, and the architecture's boundaries (docs/architecture.md): client
 * features never import each other; no server module imports another module's repository; no
 * repository imports a service (SQL and row types they share live in src/server/db/);
 * platform/ never imports modules/; lib/ knows no domain.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import i18next from 'eslint-plugin-i18next';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirsOf = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const features = dirsOf('./src/client/features');
const modules = dirsOf('./src/server/modules');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // Resolves the `@/` alias as TypeScript does, so the boundary rules see where an import leads.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      // Fastify's plugins and handlers are async functions by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Event handlers may start async work: React ignores what they return.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The rules of hooks. react-hooks 7's recommended set also carries the React Compiler's rules
    // (set-state-in-effect, refs, immutability…), advice for code the compiler memoizes; this
    // project does not run the compiler, so they stay off.
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      // Hooks and props hand out plain functions, often declared with method shorthand; nothing is unbound.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['src/client/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/client/**/*.tsx'],
    rules: {
      // A scrolling table region takes focus so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // Every word a person reads comes from the catalogues (src/shared/i18n/catalogues): a literal
    // in JSX text, or in an attribute a person reads or hears, is refused.
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'placeholder',
              'title',
              'alt',
              'label',
              'hint',
              'description',
              'heading',
              'emptyText',
              'message',
            ],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·•…→←–—×]+', '[A-Z_-]+'] },
        },
      ],
    },
  },
  {
    // Tests read the app's JSON answers (`response.json()` is `any`) and assert on them.
    files: ['**/*.test.ts', 'tests/**/*.ts', 'src/server/test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // ── the architecture's boundaries ──
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests and their helpers (a translator from the shipped catalogue) may reach across.
    ignores: ['**/*.test.ts', 'src/server/test/**', 'src/client/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Client features never import each other: shared pieces live in components/ or lib/.
            ...features.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move the shared piece to components/ or lib/.',
            })),
            // A module reaches another only through its service, never its repository.
            ...modules.flatMap((module) =>
              modules
                .filter((other) => other !== module)
                .map((other) => ({
                  target: `./src/server/modules/${module}`,
                  from: `./src/server/modules/${other}/*.repository.ts`,
                  message: `Use the ${other} service: its repository belongs to the ${other} module.`,
                })),
            ),
            // Services call repositories, never the reverse, its own module's or another's: a fragment
            // of SQL or a row type that several need lives in src/server/db/.
            {
              target: './src/server/**/*.repository.ts',
              from: './src/server/**/*.service.ts',
              message: 'A repository does not import a service: move what they share to src/server/db/.',
            },
            {
              target: './src/server/platform',
              from: './src/server/modules',
              message: 'platform/ holds drivers; it knows no domain module.',
            },
            {
              target: './src/server/lib',
              from: ['./src/server/modules', './src/server/platform'],
              message: 'lib/ knows no domain.',
            },
            {
              target: './src/client/entities',
              from: ['./src/client/features', './src/client/pages', './src/client/layout'],
              message: 'entities/ (data and small pieces several features share) never import features.',
            },
            {
              target: ['./src/client/components', './src/client/lib'],
              from: ['./src/client/features', './src/client/entities', './src/client/pages', './src/client/layout'],
              message: 'components/ and lib/ know no domain: move domain pieces to entities/ or a feature.',
            },
            {
              target: './src/client/features',
              from: ['./src/client/pages', './src/client/layout'],
              message: 'Pages and the layout compose features, not the other way round.',
            },
            {
              target: './src/client',
              from: './src/server',
              message: 'The client shares code with the server only through src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repositories: services, policies and routes call them and hold no query of their own.
    files: ['src/server/modules/**/*.ts', 'src/server/access/**/*.ts'],
    // The built-in test payment provider keeps its own intents, as Stripe keeps its own.
    ignores: ['**/*.repository.ts', '**/*.test.ts', 'src/server/modules/payments/test-payment-provider.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'Queries belong in the module’s repository (*.repository.ts).',
            },
            {
              name: '@/server/db/schema',
              allowTypeImports: true,
              message: 'Tables are read and written in the module’s repository (*.repository.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // An icon is imported from its own module: the bundler then sees which icons each screen
    // uses and puts them with it, where the package's index made every page load all of them.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message: "Import the icon from its module: import Star from 'lucide-react/icons/star'.",
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
);
