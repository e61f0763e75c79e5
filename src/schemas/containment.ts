import type { EntitySchema, LookupField } from './schema-types';

/**
 * What a row contains, read from the schemas: a lookup marked `partOf` makes its row part of the row it
 * names (a project's areas, an area's equipment, an instrument's cables). "Delete with contents" deletes a
 * row and everything that is part of it, at any depth, in one transaction (the server's
 * delete-with-contents.ts); the browser reads the same edges to know when to offer it.
 */
export type ContainmentEdge = { parent: string; child: string; field: string };

/**
 * The containment of a set of declarations (the registry's in registry.ts; registry-check.ts checks any set).
 * Pure: it imports no registry, so the schema check can run it on declarations that are not registered.
 */
export function containmentOf(schemas: readonly EntitySchema[]) {
  const containmentEdges: readonly ContainmentEdge[] = schemas.flatMap((schema) =>
    schema.fields
      .filter((f): f is LookupField => f.kind === 'lookup' && f.partOf === true)
      .map((f) => ({ parent: f.entity, child: schema.name, field: f.name })),
  );
  const byName = new Map(schemas.map((schema) => [schema.name, schema]));

  /** The lists whose rows can be part of a row of `entity`, at any depth (not `entity` itself unless it nests). */
  function containedLists(entity: string): string[] {
    const found = new Set<string>();
    const walk = (parent: string) => {
      for (const edge of containmentEdges) {
        if (edge.parent !== parent || found.has(edge.child)) continue;
        found.add(edge.child);
        walk(edge.child);
      }
    };
    walk(entity);
    return [...found];
  }

  function hasContents(entity: string): boolean {
    return containmentEdges.some((edge) => edge.parent === entity);
  }

  /** The other lists `name`'s lookups point at (a list's lookups to itself do not order it). */
  function referencedBy(name: string): string[] {
    const schema = byName.get(name);
    return schema ? schema.fields.flatMap((f) => (f.kind === 'lookup' && f.entity !== name ? [f.entity] : [])) : [];
  }

  /**
   * `entities` in an order they can be deleted in: each list before every list its rows point at, so the
   * rows deleted never refer to rows already gone. Throws on a cycle (the registry check runs this for every
   * list that has contents, so a cycle fails at start-up, not at a user's delete).
   */
  function deleteOrder(entities: Iterable<string>): string[] {
    const pending = new Set(entities);
    const order: string[] = [];
    while (pending.size > 0) {
      // A list no pending list points at can go now.
      const free = [...pending].filter(
        (name) => ![...pending].some((other) => other !== name && referencedBy(other).includes(name)),
      );
      if (free.length === 0)
        throw new Error(`The lists ${[...pending].join(', ')} refer to each other in a cycle: no delete order exists.`);
      for (const name of free) {
        order.push(name);
        pending.delete(name);
      }
    }
    return order;
  }

  return { containmentEdges, containedLists, hasContents, deleteOrder };
}
