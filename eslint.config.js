// One lint configuration for every workspace (each runs `eslint src test` in its own folder).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // The offline Prisma schema engine is vendored as it is (services/common/scripts/prisma-schema-engine.mjs).
  {
    ignores: [
      '**/dist/**',
      'services/dashboard/assets/**',
      '**/generated/**',
      '**/node_modules/**',
      '**/.turbo/**',
      'services/common/scripts/prisma-schema-engine.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Headers: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  // Benchmarks print their figures.
  { files: ['test/bench/**', 'bench/**'], rules: { 'no-console': 'off' } },
  // The repository's own checks (scripts/) print what they find.
  { files: ['scripts/**'], rules: { 'no-console': 'off' } },
);
