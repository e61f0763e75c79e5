// `npm run house`: the server's house drawn from its code. Every relative import under src/server (type
// imports, re-exports and import() included) is read, each file placed in its layer (src/server/layers.json),
// and the drawing shows the layers top first, the arrows between them, the arrows that run back up, the
// modules reached past their index.ts, and the import cycles. tests/unit/server-layers.test.ts asserts the
// last three are empty; ESLint (eslint.config.js) refuses the wrong import as it is written.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverRoot = path.join(root, 'src', 'server');

/** The declared layers, bottom first. */
export function readLayers() {
  return JSON.parse(readFileSync(path.join(serverRoot, 'layers.json'), 'utf8')).layers;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative import names, or undefined when none is there. */
function resolveImport(from, spec) {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** A path under src/server, with forward slashes (the form layers.json and the drawing use). */
export const serverPath = (file) => path.relative(serverRoot, file).split(path.sep).join('/');

/** Where a file lives: its layer (with its index in the list) and its node (the layer, or modules/<name>). */
export function placeOf(relative, layers) {
  if (relative.startsWith('..')) return undefined; // src/schemas, src/lib: below the house
  const index = layers.findIndex((layer) =>
    layer.paths.some((p) => relative === p || (!p.endsWith('.ts') && relative.startsWith(`${p}/`))),
  );
  if (index < 0) return { layer: undefined, index: -1, node: `(no layer) ${relative}` };
  const layer = layers[index];
  const module = layer.each ? relative.split('/')[1] : undefined;
  return { layer: layer.name, index, node: module ? `${layer.name}/${module}` : layer.name, module };
}

/** Every relative import under src/server: [{ from, to, spec }] as paths under src/server ('../..' for outside). */
export function serverImports() {
  const imports = [];
  for (const file of sourceFiles(serverRoot)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: spec } of importedFiles) {
      if (!spec.startsWith('.')) continue; // a package
      const target = resolveImport(file, spec);
      imports.push({ from: serverPath(file), to: target ? serverPath(target) : `?${spec}`, spec });
    }
  }
  return imports;
}

/** Cycles among `edges` (Map of node -> Set of nodes), found by depth-first search: one per back edge. */
export function cyclesOf(edges) {
  const state = new Map(); // undefined: not seen, 1: on the path, 2: done
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    state.set(node, 1);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

const addEdge = (edges, from, to) => {
  if (!edges.has(from)) edges.set(from, new Set());
  edges.get(from).add(to);
};

/** The house drawn from the code. */
export function drawHouse(layers = readLayers(), imports = serverImports()) {
  const files = new Set(sourceFiles(serverRoot).map(serverPath));
  const unplaced = [...files].filter((file) => placeOf(file, layers).index < 0);
  const unresolved = imports.filter((i) => i.to.startsWith('?'));
  const arrows = new Map(); // "from -> to" between nodes, with counts
  const upward = [];
  const pastIndex = [];
  const fileEdges = new Map();
  const nodeEdges = new Map();
  for (const i of imports) {
    if (i.to.startsWith('?')) continue;
    const from = placeOf(i.from, layers);
    const to = placeOf(i.to, layers);
    if (!to) continue; // src/schemas, src/lib
    addEdge(fileEdges, i.from, i.to);
    if (from.node === to.node) continue;
    addEdge(nodeEdges, from.node, to.node);
    const key = `${from.node} -> ${to.node}`;
    arrows.set(key, (arrows.get(key) ?? 0) + 1);
    if (to.index > from.index) upward.push(i);
    if (to.module && !/^[^/]+\/[^/]+\/index\.tsx?$/.test(i.to)) pastIndex.push(i);
  }
  const modules = [
    ...new Set(
      [...files]
        .map((f) => placeOf(f, layers))
        .filter((p) => p.module)
        .map((p) => p.node),
    ),
  ];
  const withoutIndex = modules.filter((node) => !files.has(`${node}/index.ts`));
  return {
    layers: layers.map((layer) => ({
      name: layer.name,
      files: [...files].filter((f) => placeOf(f, layers).layer === layer.name).length,
    })),
    modules: modules.sort(),
    arrows: [...arrows].map(([key, count]) => ({ from: key.split(' -> ')[0], to: key.split(' -> ')[1], count })),
    upward,
    pastIndex,
    withoutIndex,
    unplaced,
    unresolved,
    fileCycles: cyclesOf(fileEdges),
    nodeCycles: cyclesOf(nodeEdges),
  };
}

/** The drawing as text, top layer first. */
export function houseText(house) {
  const lines = ['The server house (src/server), top layer first; arrows are imports, counted per file import.', ''];
  const rank = new Map(house.layers.map((layer, index) => [layer.name, index]));
  const rankOf = (node) => rank.get(node.split('/')[0]) ?? -1;
  const out = (node) =>
    house.arrows
      .filter((a) => a.from === node)
      .sort((a, b) => rankOf(b.to) - rankOf(a.to) || a.to.localeCompare(b.to))
      .map((a) => `${a.to} ${a.count}`)
      .join(', ');
  // A layer of modules: its arrows to the layers below, summed over its modules (and those between them).
  const outOfModules = (name) => {
    const counts = new Map();
    for (const a of house.arrows.filter((a) => a.from.startsWith(`${name}/`))) {
      const to = a.to.startsWith(`${name}/`) ? `between modules` : a.to;
      counts.set(to, (counts.get(to) ?? 0) + a.count);
    }
    return [...counts]
      .sort(([a], [b]) => rankOf(b) - rankOf(a))
      .map(([to, count]) => `${to} ${count}`)
      .join(', ');
  };
  for (const layer of [...house.layers].reverse()) {
    const arrows = house.modules.some((m) => m.startsWith(`${layer.name}/`)) ? outOfModules : out;
    lines.push(`${layer.name.padEnd(10)} ${String(layer.files).padStart(3)} files  -> ${arrows(layer.name) || '-'}`);
    for (const node of house.modules.filter((m) => m.startsWith(`${layer.name}/`)))
      lines.push(`  ${node.slice(layer.name.length + 1).padEnd(22)} -> ${out(node) || '-'}`);
  }
  const list = (title, items, show) => {
    lines.push('', `${title}: ${items.length}`);
    for (const item of items.slice(0, 40)) lines.push(`  ${show(item)}`);
    if (items.length > 40) lines.push(`  … and ${items.length - 40} more`);
  };
  list('Arrows back up (a layer importing one above it)', house.upward, (i) => `${i.from} -> ${i.to}`);
  list('Modules reached past their index.ts', house.pastIndex, (i) => `${i.from} -> ${i.to}`);
  list('Modules without an index.ts', house.withoutIndex, (m) => m);
  list('Cycles between layers or modules', house.nodeCycles, (c) => c.join(' -> '));
  list('Cycles between files', house.fileCycles, (c) => c.join(' -> '));
  list('Files in no layer', house.unplaced, (f) => f);
  list('Imports naming no file', house.unresolved, (i) => `${i.from}: ${i.spec}`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const house = drawHouse();
  console.log(houseText(house));
  const faults =
    house.upward.length +
    house.pastIndex.length +
    house.withoutIndex.length +
    house.nodeCycles.length +
    house.fileCycles.length +
    house.unplaced.length +
    house.unresolved.length;
  process.exitCode = faults === 0 ? 0 : 1;
}
