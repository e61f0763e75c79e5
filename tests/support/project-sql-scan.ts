import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import * as tables from '../../src/server/db/tables';

/**
 * The tables a distributed PostgreSQL (Citus) would shard by project: every table whose rows all carry a
 * project (a NOT NULL project_id), read from tables.ts, so a new project list is covered the day it is added.
 * `projects` itself is sharded by its id (ARCHITECTURE.md, "Past one database machine").
 */
export function projectShardedTables(): string[] {
  return [...new Set([...Object.values(tables), ...Object.values(tables.entityTables)])]
    .flatMap((value) => {
      try {
        return [getTableConfig(value as PgTable)];
      } catch {
        return [];
      }
    })
    .filter((config) => config.columns.some((column) => column.name === 'project_id' && column.notNull))
    .map((config) => config.name)
    .sort();
}

/** One SQL statement written in the code: the text of a sql`…` template, its interpolations as `$n`. */
export type SqlText = { file: string; line: number; text: string };

/** Every sql`…` tagged template in a TypeScript source text. */
export function sqlTemplatesIn(file: string, source: string): SqlText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: SqlText[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sourceFile) === 'sql') {
      const template = node.template;
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span, i) => `$${i + 1}${span.literal.text}`)].join('');
      found.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

export type Unfiltered = { table: string; alias: string };

const KEYWORDS = new Set([
  'where',
  'join',
  'left',
  'right',
  'inner',
  'full',
  'cross',
  'on',
  'group',
  'order',
  'limit',
  'set',
  'using',
  'returning',
  'union',
  'for',
  'having',
  'natural',
  'lateral',
  'as',
]);

/**
 * The references to project-sharded tables in one statement that no project_id constrains: each table read
 * (`from`/`join`), updated or deleted from must have its alias (or its name) used as `alias.project_id`
 * compared with something (`= $1`, `in (…)`, `= other.project_id`), or, unaliased, a bare `project_id =`.
 * On Citus, such a statement goes to one shard; without it, to all of them. A heuristic on the text, not a
 * SQL parser: it errs on the side of asking (a constraint it cannot see is a finding to fix or allow).
 */
export function unfilteredProjectReferences(sqlText: string, sharded: readonly string[]): Unfiltered[] {
  const text = sqlText.toLowerCase().replace(/--[^\n]*/g, ' ');
  const findings: Unfiltered[] = [];
  for (const table of sharded) {
    const reference = new RegExp(
      `\\b(from|join|update|into)\\s+(?:only\\s+)?"?${table}"?(?![\\w.])(?:\\s+(?:as\\s+)?([a-z_][a-z0-9_]*))?`,
      'g',
    );
    for (const match of text.matchAll(reference)) {
      if (match[1] === 'into') continue; // an insert names its project in its values
      const alias = match[2] && !KEYWORDS.has(match[2]) ? match[2] : table;
      const qualified = new RegExp(
        `\\b${alias}\\.project_id\\s*(=|in\\b|is not distinct from)|(=|\\bin\\s*\\()\\s*${alias}\\.project_id\\b`,
      );
      const bare = alias === table && /(^|[^.\w])project_id\s*(=|in\b)/.test(text);
      if (!qualified.test(text) && !bare) findings.push({ table, alias });
    }
  }
  return findings;
}

/** Every .ts file under `dir`, recursively, but the committed migrations (SQL files, and not queries). */
export function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverSources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
