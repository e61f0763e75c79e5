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

/** `scope` (a document's id) where the lookup target `entity` is kept per document, else undefined: what an options request sends. */
export function scopeForTarget(entity: string, scope: number | undefined): number | undefined {
  return scope !== undefined && byName.get(entity)?.scope ? scope : undefined;
}

export const referenceTableSchemas = entitySchemas.filter((schema) => schema.referenceTable);

/** What a row of each registered list contains (containment.ts): the edges, and the delete order of a set of lists. */
export const { containmentEdges, containedLists, hasContents, deleteOrder } = containmentOf(entitySchemas);
