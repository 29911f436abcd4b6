import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { allowMarkedStrings, notYetTranslated, unlocalizedStrings } from './eslint.i18n.js';

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Bulletproof-react's rule: a web feature uses shared code (components, lib, shared) and its own
// folder, never another feature's internals.
const webFeatures = foldersIn('./src/web/features/');
const webRestrictions = (feature) => ({
  patterns: [
    { group: ['**/server/**'], message: 'The web app must never reach into the server.' },
    ...(feature
      ? [{
          group: webFeatures
            .filter((other) => other !== feature)
            .flatMap((other) => [`**/features/${other}/**`, ...['../', '../../', '../../../', '../../../../'].map((up) => `${up}${other}/**`)]),
          message: 'A feature must not import another feature; move what both need to src/web/components or src/web/lib.',
        }]
      : []),
  ],
});

// A server module is used by the rest of the server through its door, index.ts (issue 42), never its
// routes or inner files: routes are wired where the app is assembled (app.ts, plugins/web.ts).
// tests/checks/module-doors.test.ts checks the same, and that the modules form no cycle.
const serverModules = foldersIn('./src/server/modules/');
const throughDoors = (prefix, others) => ({
  group: others.flatMap((other) => [`${prefix}${other}/**`, `!${prefix}${other}/index.js`]),
  message: "Use another module through its index.ts: export what it offers there, or move what both need into the module that owns it.",
});
const serverRestrictions = (module) => ({
  patterns: [
    { group: ['**/web/**'], message: 'The server must never import the web app.' },
    ...(module ? [throughDoors('../', serverModules.filter((other) => other !== module))] : []),
  ],
});

// Import cycles are found by dpdm in `npm run lint` (eslint-plugin-import-x needs a native resolver
// whose packages for other platforms the registry here does not have, which breaks `npm ci`).

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '.test-data/**', 'node_modules/**', 'src/server/db/migrations/**', 'src/locales/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A local that hides an outer name (the `card` style that became a function) is a bug waiting.
      'no-shadow': 'off',
      '@typescript-eslint/no-shadow': 'error',
      // Only strings and numbers belong in a template; anything else prints "[object Object]" or a function.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Fastify plugins and hooks are async by contract (the promise is how they say they are done),
      // many without an await; the rule would only ask for callback style there.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    // Plain JavaScript (build scripts, this file) is not part of a TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
      // tsconfig.json does not include the web app (it has its own DOM and bundler settings), so
      // the project service cannot find it: type-aware rules read tsconfig.web.json instead.
      parserOptions: { projectService: false, project: ['./tsconfig.web.json'], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', webRestrictions()],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', 'src/web/sw/**', ...notYetTranslated],
    plugins: { lingui: { ...lingui, rules: { ...lingui.rules, 'no-unlocalized-strings': allowMarkedStrings(lingui.rules['no-unlocalized-strings']) } } },
    rules: { 'lingui/no-unlocalized-strings': unlocalizedStrings },
  },
  {
    // One UI kit (issue 42): a button's pending state, a control's label and focus ring are built once.
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/components/ui/**', '**/*.test.*'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name=/^(button|input|select|textarea)$/]',
          message: 'Use Button, the controls (components/ui/Controls.tsx) or a bound field (components/ui/FormFields.tsx) from components/ui.',
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', webRestrictions(feature)] },
  })),
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', serverRestrictions()] },
  },
  ...serverModules.map((module) => ({
    files: [`src/server/modules/${module}/**/*.ts`],
    // A test may reach inside what it tests, as tests/ does.
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', serverRestrictions(module)] },
  })),
  {
    files: ['src/server/plugins/**/*.ts'],
    ignores: ['src/server/plugins/web.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server must never import the web app.' }, throughDoors('../modules/', serverModules)] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**', '**/server/**', 'node:*'] }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
