// One lint configuration for the whole repository (flat config).
// Rules that hold the architecture together:
//  - a remote never imports another remote (or the shell): everything shared goes through @referio/shared;
//  - only @referio/shared may import zustand, axios or react-toastify (one store, one client, one toast container);
//  - a remote builds site addresses with `paths` from @referio/shared, never as a string ('/job-details/…');
//  - one folder layout for every remote and one file-naming rule for the browser packages (below).
import fs from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { apps as appTable } from './tools/run/apps.mjs';

/** The shell and the remotes: the port table's apps (a new remote is added there, not here). */
const apps = appTable.map((a) => a.dir);

const singletonOnlyInShared = [
  { name: 'zustand', message: 'Use the session store from @referio/shared.' },
  { name: 'axios', message: 'Use the API client from @referio/shared.' },
  {
    name: 'react-toastify',
    message: 'Use toast from @referio/shared (one container lives in the shell).',
  },
];
// zod runs in the browser from one place, `@referio/shared/contract` (a shared module of its own): a schema
// built anywhere else bundles a second copy of zod (about 27 KB gzip) without the contract's browser setup.
const zodOnlyInContract = {
  name: 'zod',
  allowTypeImports: true,
  message: 'Build schemas in shared/src/contract and import them from @referio/shared/contract.',
};

const singletonPatterns = [
  {
    group: ['zustand/*', 'axios/*', 'react-toastify/*'],
    message: 'Import these only through @referio/shared.',
  },
];

// The first segments of the site's addresses, read from the one list beside the typed paths.
const sitePathPrefixes = [
  ...fs
    .readFileSync(new URL('./shared/src/site/paths.ts', import.meta.url), 'utf8')
    .split('SITE_PATH_PREFIXES = [')[1]
    .split(']')[0]
    .matchAll(/'([^']+)'/g),
].map((m) => m[1]);
// '/', or '/<prefix>' followed by nothing, '/', '?' or '#': a site address written by hand.
const sitePath = `^\\/(?:$|[?#]|(?:${sitePathPrefixes.join('|')})(?:$|[\\/?#]))`;
const SITE_PATH_MESSAGE =
  'Build site addresses with `paths` from @referio/shared (e.g. paths.jobDetails(id)).';
const noHardCodedSitePaths = [
  'error',
  { selector: `Literal[value=/${sitePath}/]`, message: SITE_PATH_MESSAGE },
  {
    selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${sitePath}/]`,
    message: SITE_PATH_MESSAGE,
  },
];

// File names in the browser packages (shared, shell, remotes): camelCase for a module, PascalCase for a
// component (always so under components/), `useX` for a hook under hooks/; `index` for an entry. The part
// before `.test`/`.d` is what counts. The API names its files and folders kebab-case (apiFileNaming, below).
const CAMEL_OR_PASCAL = '@(+([a-z])*([a-z0-9])*([A-Z]*([a-z0-9]))|*([A-Z]+([a-z0-9])))';
const BROWSER_SRC = `{${['shared', ...apps].join(',')}}/src`;
const fileNaming = [
  'error',
  {
    [`${BROWSER_SRC}/**/*.{ts,tsx}`]: CAMEL_OR_PASCAL,
    [`${BROWSER_SRC}/**/components/*.tsx`]: 'PASCAL_CASE',
    [`${BROWSER_SRC}/**/hooks/*.{ts,tsx}`]: 'use[A-Z]*([A-Za-z0-9])',
  },
  { ignoreMiddleExtensions: true },
];
// The API: kebab-case files and folders, one name per concept (api/src/routes/README.md).
const apiFileNaming = [
  'error',
  { 'api/{src,test,scripts}/**/*.{ts,mjs}': 'KEBAB_CASE' },
  { ignoreMiddleExtensions: true },
];
const apiFolderNaming = ['error', { 'api/{src,test}/**/': 'KEBAB_CASE' }];

// Where a file may sit in a remote's src/ (docs/frontend-layout.md): pages/<Page>/index.tsx, islands/<X>Island.tsx, one folder
// per feature with components/, hooks/, api/ and lib/, remote-wide components/, hooks/ and lib/, test
// helpers, and tests in __tests__/ beside what they test.
const REMOTE_LAYOUT = [
  /^index\.ts$/,
  /^pages\/[A-Z][A-Za-z0-9]*\/index\.tsx$/,
  /^pages\/(?:[A-Z][A-Za-z0-9]*\/)?__tests__\/[^/]+$/,
  /^islands\/(?:__tests__\/)?[A-Z][A-Za-z0-9]*Island\.tsx?$/,
  /^features\/[a-z][A-Za-z0-9]*\/(?:(?:components|hooks|api|lib)\/)?(?:__tests__\/)?[^/]+$/,
  /^(?:components|hooks|lib)\/(?:__tests__\/)?[^/]+$/,
  /^test\/[^/]+$/,
  /^ssr\/(?:__tests__\/)?[^/]+$/,
];
// Where a file may sit inside features/<name>/ itself: only tests (code goes in components/, hooks/, api/, lib/).
const FEATURE_ROOT_FILE = /^features\/[^/]+\/[^/]+$/;
// Files the layout rule lets be (these two request cards have since moved to shared/src/domain/requests).
const LAYOUT_EXCEPTIONS = [
  'mfe-candidate/src/features/referrals/RequestCard.tsx',
  'mfe-referrer/src/features/requests/RequestCard.tsx',
];
const referio = {
  rules: {
    'remote-layout': {
      meta: {
        type: 'suggestion',
        docs: { description: "A remote's files follow the one folder layout." },
        schema: [],
      },
      create(context) {
        const file = context.filename.split('\\').join('/');
        const m = file.match(/(?:^|\/)(mfe-[a-z]+)\/src\/(.+)$/);
        if (!m || LAYOUT_EXCEPTIONS.some((e) => file.endsWith(e))) return {};
        const rel = m[2];
        const ok = REMOTE_LAYOUT.some((re) => re.test(rel)) && !FEATURE_ROOT_FILE.test(rel);
        return ok
          ? {}
          : {
              Program(node) {
                context.report({
                  node,
                  message: `${m[1]}/src/${rel} is outside the remote layout: pages/<Page>/index.tsx, islands/<X>Island.tsx, features/<name>/{components,hooks,api,lib}/, or the remote-wide components/, hooks/, lib/ (docs/frontend-layout.md).`,
                });
              },
            };
      },
    },
  },
};

const TEST_FILES = ['**/__tests__/**', '**/src/test/**', '**/*.test.{ts,tsx}'];

function appBoundaries(app) {
  const others = apps.filter((a) => a !== app);
  const patterns = [
    ...singletonPatterns,
    {
      group: others.flatMap((o) => [`@referio/${o}`, `@referio/${o}/*`, `**/${o}/**`, `**/${o}`]),
      message: 'A remote never imports another remote or the shell; share through @referio/shared.',
    },
    {
      group: ['@referio/api', '@referio/api/*', '**/api/src/**'],
      message: 'The browser talks to the API over HTTP only.',
    },
  ];
  const rule = (extra) => [
    'error',
    { paths: [...singletonOnlyInShared, zodOnlyInContract], patterns: [...patterns, ...extra] },
  ];
  return [
    {
      files: [`${app}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': rule([
          {
            group: ['@referio/shared/test-utils'],
            message: 'Test data is for tests only.',
          },
        ]),
      },
    },
    { files: TEST_FILES.map((t) => `${app}/${t}`), rules: { 'no-restricted-imports': rule([]) } },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '.releases/**',
      '**/coverage/**',
      'api/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'bench/.hello/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
  {
    files: ['**/*.tsx', '**/use*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...apps.flatMap(appBoundaries),
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/contract/**', ...TEST_FILES],
    rules: { 'no-restricted-imports': ['error', { paths: [zodOnlyInContract] }] },
  },
  {
    files: [`${BROWSER_SRC}/**/*.{ts,tsx}`],
    // Named after the package it stands in for (the trimmed 'react-router-dom' the site shares).
    ignores: ['shared/src/federation/**/react-router-dom{,.test}.ts'],
    plugins: { 'check-file': checkFile },
    rules: { 'check-file/filename-naming-convention': fileNaming },
  },
  {
    files: ['api/{src,test,scripts}/**/*.{ts,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': apiFileNaming,
      'check-file/folder-naming-convention': apiFolderNaming,
    },
  },
  {
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    plugins: { referio },
    rules: { 'referio/remote-layout': 'error' },
  },
  {
    files: apps.filter((a) => a.startsWith('mfe-')).map((a) => `${a}/src/**/*.{ts,tsx}`),
    ignores: TEST_FILES,
    rules: { 'no-restricted-syntax': noHardCodedSitePaths },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@referio/shared(?!/contract$)',
              message: 'The API may use only the React-free @referio/shared/contract.',
            },
            { regex: '^@referio/(shell|mfe-)', message: 'The API never imports a browser app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['tools/**', 'e2e/**', 'api/scripts/**', 'shell/server/**'],
    rules: { 'no-console': 'off' },
  },
);
