// Types of source-hash.mjs, for the tests that import it.
export const root: string;
export function fromRoot(...parts: string[]): string;
export const BROWSER_SOURCES: string[];
export const BROWSER_SKIPS: string[];
export const SERVER_SOURCES: string[];
export const BROWSER_STAMP: string;
export function sourceHash(entries: string[], skips?: string[]): string;
export function browserSourcesHash(): string;
export function serverSourcesHash(): string;
export function sourceStats(entries: string[], skips?: string[]): string;
export function browserSourcesStats(): string;
export function serverSourcesStats(): string;
