import js from '@eslint/js';
import { builtinModules } from 'node:module';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import architecture from './eslint/architecture-plugin.js';

/**
 * The import aliases (tsconfig.json `paths`, mirrored in vite.config.ts and vitest.config.ts): each
 * prefix with the folder it stands for, so `architecture/layers` sees through them. See docs/decisions/070.
 */
const ALIASES = {
  '@core/': 'src/core/',
  '@contract/': 'src/contract/',
  '@server/': 'src/server/',
  '@web/': 'src/web/',
  '@tests/': 'tests/',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations', 'src/web/lib/api-schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { architecture },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // core stays pure, web never reaches into server, features never into each other.
      'architecture/layers': ['error', { aliases: ALIASES }],
      // Past two levels up, an import names its layer through an alias instead of climbing.
      'architecture/no-deep-relative': ['error', { max: 2 }],
    },
  },
  // Promises: none left floating, none handed to something that ignores them. Needs type information.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        // An async handler on a JSX attribute (onClick, onSubmit) is React's normal style.
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The web reaches the API only through the client typed by the OpenAPI document (src/web/lib/api-client.ts,
  // decision 180): no fetch, no XMLHttpRequest, no other HTTP client, and no helper with a hand-chosen type.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='fetch'], MemberExpression[property.name='fetch'][object.name=/^(window|globalThis|self)$/]",
          message:
            'Call the API through apiClient (src/web/lib/api-client.ts), typed by the OpenAPI document.',
        },
        {
          selector: "NewExpression[callee.name='XMLHttpRequest']",
          message:
            'Call the API through apiClient (src/web/lib/api-client.ts), typed by the OpenAPI document.',
        },
        {
          selector: "CallExpression[callee.name='api']",
          message: 'api<T>(path) is gone: use call(apiClient.GET(...)) from src/web/lib/api-client.ts.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'openapi-fetch', message: 'Use apiClient from src/web/lib/api-client.ts.' },
            { name: 'axios', message: 'Use apiClient from src/web/lib/api-client.ts.' },
          ],
        },
      ],
    },
  },
  // The web decides by an API error's `code`, never by its message text (decision 216).
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'architecture/no-message-matching': 'error' },
  },
  // The domain is pure: no I/O, no framework (which folders it may not reach: architecture/layers).
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'fastify*',
                '@fastify/*',
                'drizzle-orm*',
                'drizzle-kit',
                '@electric-sql/*',
                'pg',
                'pg-*',
                'react*',
                '@tanstack/*',
                'node:*',
                ...builtinModules,
                'stripe',
                '@stripe/*',
                'nodemailer',
                'pino*',
                'sharp',
                'ws',
              ],
              message: 'src/core is pure: no I/O or framework imports.',
            },
          ],
        },
      ],
    },
  },
);
