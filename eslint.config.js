import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';

// A later block's no-restricted-imports replaces an earlier one's for the same file: each block repeats this.
// The PDF writer (pdfkit and its fonts) is the server's: deliverables render there, never in the browser (#31).
const noServer = {
  group: ['**/server/**', '**/server', 'pdfkit', 'pdfkit/**', 'dejavu-fonts-ttf', 'dejavu-fonts-ttf/**'],
  message: 'Browser and shared code must not import src/server, nor pdfkit (documents are rendered by the server).',
};

const noFeature = {
  group: ['**/features', '**/features/**'],
  message: 'src/grids and src/forms import no feature (ARCHITECTURE.md: dependency direction).',
};

const featureFolders = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Imports from src/features/<feature>/ into another feature: '../<other>/…' from a file in the feature's
 * folder, '../../<other>/…' from one in a subfolder, or any path through 'features/<other>'.
 */
function otherFeatures(feature, depth) {
  const notOwn = `(?!${escape(feature)}/)`;
  const message =
    'A feature imports no other feature (ARCHITECTURE.md: Browser app); shared code moves to app, grids, forms or lib.';
  return [
    { regex: `^(\\.\\./){${depth + 1}}${notOwn}[^./]`, message },
    { regex: `(^|/)features/${notOwn}`, message },
  ];
}

const noBrowser = {
  group: ['react', 'react-dom', '@mui/*', '**/app/**', '**/features/**', '**/grids/**', '**/forms/**'],
  message: 'The server never imports browser code.',
};

// The server's layers, bottom first (src/server/layers.json): a file imports only its own layer and those below.
const serverLayers = JSON.parse(readFileSync(new URL('./src/server/layers.json', import.meta.url), 'utf8')).layers;
const serverModules = readdirSync(new URL('./src/server/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Deepest folder level the generated rules cover below a layer's folder (modules/projects/revisions/… is 2). */
const SERVER_DEPTH = 5;

/** An import's way back to src/server from a file `depth` folders below it: './' at the root, else '../' × depth. */
const toServer = (depth) => (depth === 0 ? '\\./' : `(\\.\\./){${depth}}`);
/** What a layer path looks like at the start of an import, once at src/server: a folder, or a file without .ts. */
const layerPath = (p) => (p.endsWith('.ts') ? `${escape(p.slice(0, -3))}(\\.[jt]s)?$` : `${escape(p)}(/|$)`);
const pastIndex = '(?!index(\\.[jt]s)?$)';

/** The imports a file of layer `index`, `depth` folders below src/server, may not write. */
function serverPatterns(index, depth, module) {
  const layer = serverLayers[index];
  const above = serverLayers.slice(index + 1);
  const below = serverLayers.slice(0, index).map((l) => l.name);
  const patterns = [noBrowser];
  if (above.length > 0)
    patterns.push({
      regex: `^${toServer(depth)}(${above.flatMap((l) => l.paths.map(layerPath)).join('|')})`,
      message: `src/server/${layer.paths[0]} (layer ${layer.name}) imports only its own layer and those below it (${below.join(', ') || 'none'}), never ${above.map((l) => l.name).join(', ')}: src/server/layers.json.`,
    });
  const indexOnly =
    'A module is reached only through its index.ts (src/server/layers.json): import the folder, not its files.';
  // Another module's files, through modules/ from anywhere in the house…
  const notOwn = module ? `(?!${escape(module)}/)` : '';
  patterns.push({ regex: `^${toServer(depth)}modules/${notOwn}[^/]+/${pastIndex}`, message: indexOnly });
  // …or as a sibling folder from inside a module.
  if (module) patterns.push({ regex: `^${toServer(depth - 1)}${notOwn}[^./][^/]*/${pastIndex}`, message: indexOnly });
  return patterns;
}

/** One block per layer and folder depth (per module for modules/), each listing what its files may not import. */
function serverLayerBlocks() {
  return serverLayers.flatMap((layer, index) =>
    layer.paths.flatMap((p) => {
      const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
      if (p.endsWith('.ts')) return [{ files: [`src/server/${p}`], rules: rule(serverPatterns(index, 0)) }];
      const depths = Array.from({ length: SERVER_DEPTH }, (_, i) => i + 1);
      if (layer.each)
        return serverModules.flatMap((module) =>
          depths.map((depth) => ({
            files: [`src/server/${p}/${module}/${'*/'.repeat(depth - 1)}*`],
            rules: rule(serverPatterns(index, depth + 1, module)),
          })),
        );
      return depths.map((depth) => ({
        files: [`src/server/${p}/${'*/'.repeat(depth - 1)}*`],
        rules: rule(serverPatterns(index, depth)),
      }));
    }),
  );
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
      '.tmp/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/app/**/*.ts', 'src/features/**/*.ts', 'src/grids/**/*.ts', 'src/forms/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Dependency direction (ARCHITECTURE.md): browser code never imports the server; schemas and lib import neither React nor the database.
    files: ['src/app/**', 'src/features/**', 'src/grids/**', 'src/forms/**', 'src/schemas/**', 'src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] },
  },
  {
    // The shell knows no feature: features plug in through their manifests (app/shell-modules.tsx), which
    // the composition root (src/modules.tsx) hands to it. Nor does it know the engines features are built on.
    files: ['src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              group: [
                '**/features',
                '**/features/**',
                '**/forms',
                '**/forms/**',
                '**/grids',
                '**/grids/**',
                '**/schemas',
                '**/schemas/**',
              ],
              message:
                'src/app imports no feature, form, grid or schema: a feature adds itself through its manifest (ARCHITECTURE.md: Browser app).',
            },
          ],
        },
      ],
    },
  },
  // A feature imports no other feature: what two features share moves to app, grids, forms or lib.
  ...featureFolders.flatMap((feature) => [
    {
      files: [`src/features/${feature}/*`],
      rules: { 'no-restricted-imports': ['error', { patterns: [noServer, ...otherFeatures(feature, 0)] }] },
    },
    {
      files: [`src/features/${feature}/*/**`],
      rules: { 'no-restricted-imports': ['error', { patterns: [noServer, ...otherFeatures(feature, 1)] }] },
    },
  ]),
  {
    // The engines features are built on know no feature.
    files: ['src/grids/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noFeature] }] },
  },
  {
    // EntityListPage (a grid's page) opens the row's form dialog: grids may import forms, never the reverse.
    files: ['src/forms/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            noFeature,
            {
              group: ['**/grids', '**/grids/**'],
              message: 'src/forms imports no grid: grids build on forms (ARCHITECTURE.md: dependency direction).',
            },
          ],
        },
      ],
    },
  },
  {
    // lib is the bottom layer: pure contracts and helpers that import nothing else of ours.
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/schemas/**', '**/app/**', '**/features/**', '**/grids/**', '**/forms/**'],
              message: 'src/lib imports nothing else of ours (ARCHITECTURE.md: dependency direction).',
            },
          ],
        },
      ],
    },
  },
  {
    // Every API address in the browser comes from the route table (src/lib/api-route-table.ts, held to the
    // server's OpenAPI document by a test): an address written inline fails here.
    files: [
      'src/*.{ts,tsx}',
      'src/app/**',
      'src/features/**',
      'src/grids/**',
      'src/forms/**',
      'src/lib/**',
      'src/schemas/**',
    ],
    ignores: ['src/lib/api-route-table.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\u002Fapi\\u002F/]',
          message: "An API address comes from apiRoutes (src/lib/api-routes.ts), not an inline '/api/…' string.",
        },
        {
          selector: 'TemplateLiteral[quasis.0.value.raw=/^\\u002Fapi\\u002F/]',
          message: 'An API address comes from apiRoutes (src/lib/api-routes.ts), not an inline `/api/…` template.',
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noBrowser] }] },
  },
  // The server's layers (src/server/layers.json), generated as the features' rules are from their folders.
  ...serverLayerBlocks(),
  {
    // The declaration merging of FastifyRequest and FastifyInstance needs an interface.
    files: ['src/server/auth/auth-hooks.ts', 'src/server/app.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
);
