import { containmentOf } from './containment';
import { documentProblems } from './documents/document-check';
import type { DocumentDeclaration } from './documents/document-types';
import { META_FIELDS, type EntitySchema, type FieldDef, type Workflow } from './schema-types';

/**
 * What is wrong in a set of entity declarations, one sentence each (empty: nothing). A misspelt reference
 * must fail loudly: a lookup to an entity that does not exist, or a money field whose currency field is
 * misnamed, used to switch a check off without a word (the lookup was never checked, the amount never
 * paired with its currency). The server refuses to start with any (assertValidSchemas), and a unit test
 * runs the same check on the registry.
 */
export function schemaProblems(schemas: readonly EntitySchema[]): string[] {
  const problems: string[] = [];
  const position = new Map<string, number>();
  schemas.forEach((schema, index) => {
    if (position.has(schema.name)) problems.push(`Entity ${schema.name} is declared twice.`);
    position.set(schema.name, index);
  });
  for (const schema of schemas) {
    const say = (problem: string) => problems.push(`${schema.name}: ${problem}`);
    const fields = new Map<string, FieldDef>();
    for (const field of schema.fields) {
      if (fields.has(field.name)) say(`field ${field.name} is declared twice.`);
      if ((META_FIELDS as readonly string[]).includes(field.name))
        say(`field ${field.name} has the name of a column every row has.`);
      if (!/^[a-z][a-z0-9_]*$/.test(field.name)) say(`field name ${field.name} is not snake_case.`);
      fields.set(field.name, field);
    }
    const known = (name: string) => fields.has(name) || (META_FIELDS as readonly string[]).includes(name);
    if (!fields.has(schema.labelField)) say(`labelField ${schema.labelField} is not one of its fields.`);
    for (const name of schema.key) if (!fields.has(name)) say(`key field ${name} is not one of its fields.`);
    if (!known(schema.defaultSort.field))
      say(`defaultSort field ${schema.defaultSort.field} is not one of its fields.`);
    for (const field of schema.fields) {
      if (field.kind === 'lookup') {
        const target = position.get(field.entity);
        if (target === undefined) say(`lookup ${field.name} names entity ${field.entity}, which does not exist.`);
        // Seeding and table creation follow the registry's order: a referenced entity comes first.
        else if (field.entity !== schema.name && target > (position.get(schema.name) ?? 0))
          say(`lookup ${field.name} names entity ${field.entity}, which is declared after it.`);
      }
      if (field.kind === 'money') {
        const currency = fields.get(field.currencyField);
        if (!currency)
          say(`money field ${field.name} names currency field ${field.currencyField}, which is not one of its fields.`);
        else if (currency.kind !== 'lookup' || currency.entity !== 'currencies')
          say(`money field ${field.name}'s currency field ${field.currencyField} is not a lookup to currencies.`);
      }
      if (field.kind === 'enum') {
        if (field.options.length === 0) say(`enum ${field.name} has no options.`);
        if (
          field.default !== undefined &&
          field.default !== null &&
          !field.options.some((o) => o.value === field.default)
        )
          say(`enum ${field.name}'s default ${field.default} is not one of its options.`);
      }
    }
    for (const field of schema.fields) {
      if (!field.computed) continue;
      if (!field.readOnly) say(`computed field ${field.name} is not readOnly.`);
      for (const name of field.computed.from)
        if (!fields.has(name)) say(`computed field ${field.name} reads ${name}, which is not one of its fields.`);
      for (const read of field.computed.reads ?? []) {
        const lookup = fields.get(read.lookup);
        const target = lookup?.kind === 'lookup' ? schemas.find((s) => s.name === lookup.entity) : undefined;
        if (!target) say(`computed field ${field.name} reads through ${read.lookup}, which is not one of its lookups.`);
        else if (!target.fields.some((f) => f.name === read.field))
          say(`computed field ${field.name} reads ${read.lookup}.${read.field}, which ${target.name} does not have.`);
        if (!field.computed.from.includes(read.lookup))
          say(`computed field ${field.name} reads through ${read.lookup} but does not list it in from.`);
      }
    }
    for (const field of schema.fields)
      if (field.serverSet && !field.readOnly) say(`server-set field ${field.name} is not readOnly.`);
    for (const field of schema.fields) {
      const rule = field.aggregate;
      if (!rule) continue;
      const child = schemas.find((s) => s.name === rule.list);
      const childField = (name: string) => child?.fields.find((f) => f.name === name);
      if (!field.readOnly || field.computed || field.serverSet)
        say(`aggregate field ${field.name} is not readOnly, or is also computed or server-set.`);
      if (!child) say(`aggregate field ${field.name} is over ${rule.list}, which does not exist.`);
      else {
        const via = childField(rule.via);
        if (via?.kind !== 'lookup' || via.entity !== schema.name)
          say(`aggregate field ${field.name}: ${rule.list}.${rule.via} is not a lookup to ${schema.name}.`);
        if (rule.field !== undefined && !childField(rule.field))
          say(`aggregate field ${field.name} reads ${rule.list}.${rule.field}, which does not exist.`);
        if (rule.fn !== 'count' && rule.field === undefined)
          say(`aggregate field ${field.name}: ${rule.fn} needs a field.`);
        for (const name of Object.keys(rule.where ?? {}))
          if (!childField(name))
            say(`aggregate field ${field.name} filters on ${rule.list}.${name}, which does not exist.`);
      }
    }
    for (const field of schema.fields) {
      if (field.kind !== 'text' || !field.suggest) continue;
      const via = fields.get(field.suggest.projectVia);
      const parent = via?.kind === 'lookup' ? schemas.find((s) => s.name === via.entity) : undefined;
      if (!position.has(field.suggest.entity))
        say(`field ${field.name} suggests from entity ${field.suggest.entity}, which does not exist.`);
      if (!parent?.fields.some((f) => f.name === 'project_id'))
        say(
          `field ${field.name} suggests through ${field.suggest.projectVia}, which is not a lookup to a list with a project_id.`,
        );
    }
    for (const field of schema.fields) {
      if (field.kind !== 'text' || !field.namesTag) continue;
      if (!schema.fields.some((f) => f.name === 'project_id'))
        say(`field ${field.name} names tags, but ${schema.name} has no project_id to find them in.`);
      for (const list of field.namesTag.lists)
        if (!schemas.find((s) => s.name === list)?.fields.some((f) => f.name === 'project_id'))
          say(`field ${field.name} names tags of ${list}, which is not a list with a project_id.`);
    }
    for (const field of schema.fields) {
      if (!field.numbered) continue;
      const parent = fields.get(schema.key[0] ?? '');
      if (
        field.kind !== 'integer' ||
        schema.key.length !== 2 ||
        schema.key[1] !== field.name ||
        parent?.kind !== 'lookup'
      )
        say(`numbered field ${field.name} is not an integer ending a key of [parent lookup, ${field.name}].`);
    }
    if (schema.expiresField && fields.get(schema.expiresField)?.kind !== 'date')
      say(`expiresField ${schema.expiresField} is not one of its date fields.`);
    for (const rule of schema.rules ?? [])
      for (const name of rule.fields)
        if (!fields.has(name))
          say(
            `rule "${typeof rule.message === 'string' ? rule.message : rule.fields.join(', ')}" names ${name}, which is not one of its fields.`,
          );
    if (schema.scope) scopeProblems(schema, fields, schemas).forEach(say);
    if (schema.workflow) workflowProblems(schema.workflow, fields).forEach(say);
    if (schema.tree) {
      const parent = fields.get(schema.tree.parentField);
      const level = fields.get(schema.tree.levelField);
      if (!parent || parent.kind !== 'lookup' || parent.entity !== schema.name)
        say(`tree parentField ${schema.tree.parentField} is not a lookup to ${schema.name} itself.`);
      if (!level || level.kind !== 'integer')
        say(`tree levelField ${schema.tree.levelField} is not one of its integer fields.`);
    }
  }
  return [...problems, ...containmentProblems(schemas)];
}

/** A workflow moves an enum field between its own options. */
function workflowProblems(workflow: Workflow, fields: Map<string, FieldDef>): string[] {
  const field = fields.get(workflow.field);
  if (field?.kind !== 'enum') return [`workflow field ${workflow.field} is not one of its enum fields.`];
  const states = new Set(field.options.map((o) => o.value));
  return Object.entries(workflow.moves).flatMap(([from, to]) =>
    [from, ...to]
      .filter((state) => !states.has(state))
      .map((state) => `workflow of ${workflow.field} names state ${state}, which is not one of its options.`),
  );
}

/** Every row with contents must be deletable with them: its lists and theirs need a delete order (no cycle of lookups). */
function containmentProblems(schemas: readonly EntitySchema[]): string[] {
  const { containmentEdges, containedLists, deleteOrder } = containmentOf(schemas);
  const problems: string[] = [];
  for (const parent of new Set(containmentEdges.map((edge) => edge.parent))) {
    try {
      deleteOrder([parent, ...containedLists(parent)]);
    } catch (error) {
      problems.push(`${parent}: its contents cannot be deleted with it. ${(error as Error).message}`);
    }
  }
  return problems;
}

/**
 * A scoped list: its root is a required lookup to an unscoped entity (the document), its key starts with
 * the root (tags unique per document), its parent is a lookup, and its lookups to other scoped lists stay
 * under the same root (checkLookups compares the roots).
 */
function scopeProblems(
  schema: EntitySchema,
  fields: Map<string, FieldDef>,
  schemas: readonly EntitySchema[],
): string[] {
  const scope = schema.scope!;
  const problems: string[] = [];
  const root = fields.get(scope.root);
  const rootTarget = root?.kind === 'lookup' ? schemas.find((s) => s.name === root.entity) : undefined;
  if (!root || root.kind !== 'lookup' || !root.required)
    problems.push(`scope root ${scope.root} is not a required lookup.`);
  else if (rootTarget?.scope) problems.push(`scope root ${scope.root} names ${root.entity}, which is scoped itself.`);
  if (schema.key[0] !== scope.root) problems.push(`its key does not start with the scope root ${scope.root}.`);
  if (scope.parent !== undefined && fields.get(scope.parent)?.kind !== 'lookup')
    problems.push(`scope parent ${scope.parent} is not one of its lookups.`);
  for (const field of schema.fields) {
    if (field.kind !== 'lookup' || field.name === scope.root) continue;
    const target = schemas.find((s) => s.name === field.entity);
    if (target?.scope && target.scope.root !== scope.root)
      problems.push(`lookup ${field.name} names ${field.entity}, scoped by ${target.scope.root}, not ${scope.root}.`);
  }
  return problems;
}

/** Throws, listing every problem, when the declarations (entities, and the documents made of them) have any. */
export function assertValidSchemas(
  schemas: readonly EntitySchema[],
  documents: readonly DocumentDeclaration[] = [],
): void {
  const problems = [...schemaProblems(schemas), ...documentProblems(documents, schemas)];
  if (problems.length > 0)
    throw new Error(`The entity declarations in src/schemas are inconsistent:\n- ${problems.join('\n- ')}`);
}
