// Types of house.mjs, for tests/unit/server-layers.test.ts.
export type ServerLayer = { name: string; paths: string[]; each?: boolean; holds: string };
export type ServerImport = { from: string; to: string; spec: string };
export type House = {
  layers: { name: string; files: number }[];
  modules: string[];
  arrows: { from: string; to: string; count: number }[];
  upward: ServerImport[];
  pastIndex: ServerImport[];
  withoutIndex: string[];
  unplaced: string[];
  unresolved: ServerImport[];
  fileCycles: string[][];
  nodeCycles: string[][];
};
export const serverRoot: string;
export function readLayers(): ServerLayer[];
export function serverPath(file: string): string;
export function placeOf(
  relative: string,
  layers: ServerLayer[],
): { layer: string | undefined; index: number; node: string; module?: string } | undefined;
export function serverImports(): ServerImport[];
export function cyclesOf(edges: Map<string, Set<string>>): string[][];
export function drawHouse(layers?: ServerLayer[], imports?: ServerImport[]): House;
export function houseText(house: House): string;
