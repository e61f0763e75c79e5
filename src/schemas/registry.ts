import {
  adjudicationAdders,
  adjudicationBidders,
  adjudicationChoices,
  adjudicationRates,
  adjudications,
} from './entities/adjudications';
import * as business from './entities/business-entities';
import { capexFactors } from './entities/capex';
import { costIndices } from './entities/cost-indices';
import { dutySheets } from './entities/duty-sheets';
import { electricalLoads } from './entities/electrical-loads';
import { meetingItems, meetings } from './entities/meetings';
import { packageBidders, packageItems, packages } from './entities/packages';
import { clarifications } from './entities/clarifications';
import { parts } from './entities/parts';
import { projectDocuments } from './entities/project-documents';
import { quoteLines, quotes } from './entities/quotes';
import { quotesV1 } from './entities/quotes-v1';
import { proposalLines, proposals } from './entities/proposals';
import * as projectLists from './entities/project-lists';
import * as reference from './entities/reference-tables';
import { requests } from './entities/requests';
import { containmentOf } from './containment';
import type { EntitySchema } from './schema-types';
import type { DocumentRef } from '../lib/api-routes';

/** Every entity the engine serves, by name. Order matters for seeding: referenced tables first. */
export const entitySchemas: readonly EntitySchema[] = [
  reference.currencies,
  reference.currencyRates,
  reference.units,
  reference.disciplines,
  reference.requestTypes,
  reference.requestModules,
  reference.requestStatuses,
  reference.requestPriorities,
  business.itemCategories,
  costIndices,
  business.clients,
  business.suppliers,
  business.lithiumProjects,
  business.projects,
  projectLists.areas,
  projectLists.pids,
  projectLists.pfds,
  projectLists.mechEquipment,
  projectLists.piping,
  projectLists.instruments,
  projectLists.cabling,
  projectLists.racking,
  projectLists.streams,
  electricalLoads,
  dutySheets,
  parts,
  // Before quotes: a quote names the package it answers.
  packages,
  packageItems,
  packageBidders,
  clarifications,
  quotes,
  quoteLines,
  // After quotes: a bidder is evaluated on its quote.
  adjudications,
  adjudicationRates,
  adjudicationBidders,
  adjudicationAdders,
  adjudicationChoices,
  quotesV1,
  // After adjudications and duty sheets: a bid tab names its adjudication, a datasheet its duty sheet.
  projectDocuments,
  requests,
  meetings,
  meetingItems,
  proposals,
  proposalLines,
  capexFactors,
];

const byName = new Map(entitySchemas.map((schema) => [schema.name, schema]));

export function findEntitySchema(name: string): EntitySchema | undefined {
  return byName.get(name);
}

export function getEntitySchema(name: string): EntitySchema {
  const schema = byName.get(name);
  if (!schema) throw new Error(`Unknown entity ${name}`);
  return schema;
}

/** The document (its header's entity: projects, quotes…) whose rows a list kept per document holds, else undefined. */
export function scopeDocumentOf(schema: EntitySchema): string | undefined {
  const root = schema.scope && schema.fields.find((field) => field.name === schema.scope?.root);
  return root?.kind === 'lookup' ? root.entity : undefined;
}

/**
 * Document `documentId` as the document of `entity`'s rows, where `entity` is kept per document (a lookup
 * target such as areas, in a project's grid), else undefined: its calls then go under the document's address.
 */
export function documentOf(entity: string, documentId: number | undefined): DocumentRef | undefined {
  const schema = byName.get(entity);
  const document = documentId !== undefined && schema ? scopeDocumentOf(schema) : undefined;
  return document !== undefined && documentId !== undefined ? { document, id: documentId } : undefined;
}

export const referenceTableSchemas = entitySchemas.filter((schema) => schema.referenceTable);

/** What a row of each registered list contains (containment.ts): the edges, and the delete order of a set of lists. */
export const { containmentEdges, containedLists, hasContents, deleteOrder } = containmentOf(entitySchemas);
