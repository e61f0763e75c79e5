import { containmentOf } from '../containment';
import { fieldByName, SOFT_DELETE_FIELD, type EntitySchema } from '../schema-types';
import type { DocumentDeclaration, SearchDeclaration } from './document-types';

/**
 * What is wrong in a set of document declarations against the entity schemas, one sentence each (empty:
 * nothing). A document's lists must be exactly the lists whose scope root is a lookup to its header: a list
 * left out of its document would be missed by its JSON, its revisions, its restore and its tabs without a
 * word, and a list declared in the wrong document would be read with the wrong project id.
 */
export function documentProblems(
  documents: readonly DocumentDeclaration[],
  schemas: readonly EntitySchema[],
): string[] {
  const problems: string[] = [];
  const byName = new Map(schemas.map((schema) => [schema.name, schema]));
  const holder = new Map<string, string>();
  const { containedLists } = containmentOf(schemas);
  for (const document of documents) {
    const say = (problem: string) => problems.push(`document ${document.label}: ${problem}`);
    const header = byName.get(document.header);
    if (!header) {
      say(`header ${document.header} is not an entity.`);
      continue;
    }
    if (document.headerSearch) searchProblems(header, document.headerSearch).forEach(say);
    const declared = document.lists.map((list) => list.entity);
    const rooted = schemas.filter((schema) => rootOf(schema) === document.header).map((schema) => schema.name);
    for (const name of rooted)
      if (!declared.includes(name))
        say(`${name} is kept per ${document.header} (its scope root) but is not one of its lists.`);
    const roots = new Set(document.lists.map((list) => byName.get(list.entity)?.scope?.root));
    if (roots.size > 1)
      say(`its lists are kept by different root fields (${[...roots].join(', ')}): one name on the wire.`);
    const slugs = new Set<string>();
    for (const list of document.lists) {
      const schema = byName.get(list.entity);
      if (!schema) {
        say(`list ${list.entity} is not an entity.`);
        continue;
      }
      if (rootOf(schema) !== document.header)
        say(`list ${list.entity}'s scope root is not a lookup to ${document.header}.`);
      // Deleting the header with its contents must take the list: its rows are part of a header row (partOf).
      else if (!containedLists(document.header).includes(list.entity))
        say(`list ${list.entity} is not part of a ${document.header} row (no partOf lookup leads to it).`);
      const other = holder.get(list.entity);
      if (other) say(`list ${list.entity} is already a list of ${other}.`);
      holder.set(list.entity, document.label);
      if (list.tab) {
        if (slugs.has(list.tab.slug)) say(`tab slug ${list.tab.slug} is used twice.`);
        if (!/^[a-z][a-z0-9-]*$/.test(list.tab.slug))
          say(`tab slug ${list.tab.slug} is not lower-case words joined by -.`);
        slugs.add(list.tab.slug);
      }
      for (const place of list.nest ?? []) {
        if (!declared.includes(place.under) || byName.get(place.under) === undefined)
          say(`list ${list.entity} nests under ${place.under}, which is not one of its lists.`);
        else if (document.lists.find((l) => l.entity === place.under)?.revised === false && list.revised !== false)
          say(`list ${list.entity} nests under ${place.under}, which is not kept in the document's JSON.`);
        for (const name of place.by) {
          const field = fieldByName(schema, name);
          if (field?.kind !== 'lookup' || field.entity !== place.under)
            say(
              `list ${list.entity} nests under ${place.under} by ${name}, which is not its lookup to ${place.under}.`,
            );
        }
      }
      if (list.search) searchProblems(schema, list.search).forEach(say);
      for (const rollup of list.rollups ?? []) {
        for (const name of rollup.groupBy)
          if (!fieldByName(schema, name))
            say(`roll-up ${rollup.title} groups by ${name}, which is not a field of ${list.entity}.`);
        for (const name of rollup.sums) {
          const kind = fieldByName(schema, name)?.kind;
          if (kind !== 'decimal' && kind !== 'integer')
            say(`roll-up ${rollup.title} sums ${name}, which is not a decimal or integer field of ${list.entity}.`);
        }
      }
    }
  }
  const labels = new Map<string, string>();
  for (const document of documents)
    for (const search of [document.headerSearch, ...document.lists.map((list) => list.search)]) {
      if (!search) continue;
      const label = labels.get(search.kind);
      if (label !== undefined && label !== search.label)
        problems.push(`search kind ${search.kind} is labelled both ${label} and ${search.label}.`);
      labels.set(search.kind, search.label);
    }
  return problems;
}

/** The header a list is kept per: the entity its scope root looks up, else undefined. */
function rootOf(schema: EntitySchema): string | undefined {
  const root = schema.scope && fieldByName(schema, schema.scope.root);
  return root?.kind === 'lookup' ? root.entity : undefined;
}

function searchProblems(schema: EntitySchema, search: SearchDeclaration): string[] {
  const named = [search.title, ...(search.code ? [search.code] : []), ...search.subtitle.flat(), ...search.text];
  if (search.supplier) named.push(search.supplier);
  return named
    .filter((name) => !fieldByName(schema, name) && name !== SOFT_DELETE_FIELD)
    .map((name) => `search of ${schema.name} reads ${name}, which is not one of its fields.`);
}
