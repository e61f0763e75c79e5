import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { cyclesOf, drawHouse, houseText, readLayers, serverImports } from '../../scripts/house.mjs';

// The server's house drawn from its code (scripts/house.mjs, `npm run house`): every relative import under
// src/server, type imports included, placed in the layers src/server/layers.json declares.
describe('the server house', () => {
  const imports = serverImports();
  const house = drawHouse(readLayers(), imports);

  it('has no arrow back up, no module reached past its index.ts, and no cycle', () => {
    console.log(houseText(house));
    expect(house.unplaced, 'every file sits in a declared layer').toEqual([]);
    expect(house.unresolved, 'every relative import names a file').toEqual([]);
    expect(house.upward, 'imports of a layer above').toEqual([]);
    expect(house.pastIndex, "imports of a module's files from outside it").toEqual([]);
    expect(house.withoutIndex, 'modules without an index.ts').toEqual([]);
    expect(house.nodeCycles, 'cycles between layers or modules').toEqual([]);
    expect(house.fileCycles, 'cycles between files').toEqual([]);
  });

  it('reads type imports and re-exports, and every layer holds files', () => {
    const has = (from: string, to: string) => imports.some((i) => i.from === from && i.to === to);
    expect(has('entities/after-write.ts', 'db/client.ts'), 'import type { Db }').toBe(true);
    expect(has('modules/quotes/index.ts', 'modules/quotes/quote-routes.ts'), 'export { } from').toBe(true);
    for (const layer of house.layers) expect(layer.files, layer.name).toBeGreaterThan(0);
    expect(house.arrows.length).toBeGreaterThan(20);
  });

  it('finds a cycle when there is one (the search itself)', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(cyclesOf(edges)).toEqual([['a', 'b', 'c', 'a']]);
    expect(cyclesOf(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });
});

// ESLint (eslint.config.js, rules generated from src/server/layers.json) refuses the wrong import as it is written.
describe('lint holds the layers', () => {
  const eslint = new ESLint();
  const lint = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages);

  it('refuses db/ importing the engine, even for a type', async () => {
    const messages = await lint(
      'src/server/db/wrong-import.ts',
      "import type { Written } from '../entities/written-rows';\nexport type Rows = Written;\n",
    );
    expect(messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    expect(messages[0]?.message).toMatch(/layers\.json/);
  }, 60_000);

  it("refuses a module importing another module's file, and takes its index.ts", async () => {
    const internal = await lint(
      'src/server/modules/capex/wrong-import.ts',
      "import { inForce } from '../quotes/quote-revisions';\nexport const read = inForce;\n",
    );
    expect(internal.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    const throughIndex = await lint(
      'src/server/modules/capex/right-import.ts',
      "import { inForce } from '../quotes';\nexport const read = inForce;\n",
    );
    expect(throughIndex).toEqual([]);
  }, 60_000);

  it('refuses the engine importing a module, and a module importing the seed', async () => {
    const engine = await lint(
      'src/server/entities/wrong-import.ts',
      "export { quoteRoutes } from '../modules/quotes';\n",
    );
    expect(engine.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    const seed = await lint(
      'src/server/modules/quotes/sub/wrong-import.ts',
      "import { seedDatabase } from '../../../seed/seed';\nexport const run = seedDatabase;\n",
    );
    expect(seed.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
  }, 60_000);
});
