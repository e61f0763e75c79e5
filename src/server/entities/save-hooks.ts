import type { EntitySchema } from '../../schemas/schema-types';
import type { Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import {
  adjudicationAdderOfBidder,
  adjudicationBidderQuote,
  adjudicationChoiceNamesOffer,
  adjudicationHeader,
  adjudicationRateFrozen,
} from './hooks/adjudication-hooks';
import { clarificationDefaults } from './hooks/clarification-hooks';
import type { DeleteHook, SaveContext, SaveHook } from './hooks/hook-types';
import { documentNumbers, issuedDocumentsStay } from './hooks/document-hooks';
import { actionStatusBelongsToActions } from './hooks/meeting-hooks';
import { cableEndsExist, standbyNamesDuty, tagFollowsTemplate } from './hooks/project-hooks';
import { packageAwardToBidder, packageItemTagInProject, quotePackageOfProject } from './hooks/package-hooks';
import { quoteLineTagInProject, quoteRateFrozen } from './hooks/quote-hooks';
import { requestDeleteRules, requestRules } from './hooks/request-hooks';

/**
 * Domain rules that need the database or the caller, per entity, run by every save and import after the
 * engine's own checks (the pure ones are schema `rules`). A hook reports on the cell that breaks a rule
 * (an error, or a warning the user may accept), may set fields the server owns (a request's submitter),
 * and throws a 403 for what the caller may not do at all. It never writes: the pipeline writes only when
 * no candidate has an error. `beforeDelete` runs before rows are deleted, by the batch and by DELETE.
 */
export type { DeleteHook, SaveContext, SaveHook } from './hooks/hook-types';

const HOOKS: Readonly<Record<string, readonly SaveHook[]>> = {
  mech_equipment: [standbyNamesDuty, tagFollowsTemplate('equipment_tag_template', 'tagno')],
  instruments: [tagFollowsTemplate('instrument_tag_template', 'tagno')],
  cabling: [cableEndsExist, tagFollowsTemplate('cable_tag_template', 'cable_tag')],
  requests: [requestRules],
  quotes: [quoteRateFrozen, quotePackageOfProject],
  quote_lines: [quoteLineTagInProject],
  packages: [packageAwardToBidder],
  package_items: [packageItemTagInProject],
  clarifications: [clarificationDefaults],
  adjudications: [adjudicationHeader],
  adjudication_rates: [adjudicationRateFrozen],
  adjudication_bidders: [adjudicationBidderQuote],
  adjudication_adders: [adjudicationAdderOfBidder],
  adjudication_choices: [adjudicationChoiceNamesOffer],
  meeting_items: [actionStatusBelongsToActions],
};
const DELETE_HOOKS: Readonly<Record<string, readonly DeleteHook[]>> = {
  requests: [requestDeleteRules],
  project_documents: [issuedDocumentsStay],
};
/**
 * Hooks that fill a new row's key before the key is checked (a register document's number from its project's
 * template); they run on a save's creates only, right after the engine numbers `numbered` fields.
 */
const NUMBERING_HOOKS: Readonly<Record<string, readonly SaveHook[]>> = {
  project_documents: [documentNumbers],
};

export async function runNumberingHooks(context: SaveContext): Promise<void> {
  for (const hook of NUMBERING_HOOKS[context.schema.name] ?? []) await hook(context);
}

export async function runSaveHooks(context: SaveContext): Promise<void> {
  for (const hook of HOOKS[context.schema.name] ?? []) await hook(context);
}

export async function runDeleteHooks(
  db: Db,
  schema: EntitySchema,
  ids: readonly number[],
  actor: Actor,
): Promise<void> {
  if (ids.length === 0) return;
  for (const hook of DELETE_HOOKS[schema.name] ?? []) await hook(db, schema, ids, actor);
}
