import {
  adjudicationAdderOfBidder,
  adjudicationBidderQuote,
  adjudicationChoiceNamesOffer,
  adjudicationHeader,
  adjudicationRateFrozen,
} from './adjudication-hooks';
import { clarificationDefaults } from './clarification-hooks';
import { documentNumbers, issuedDocumentsStay } from './document-hooks';
import type { DeleteHook, SaveHook } from './hook-types';
import { actionStatusBelongsToActions } from './meeting-hooks';
import { packageAwardToBidder, packageItemTagInProject, quotePackageOfProject } from './package-hooks';
import { cableEndsExist, standbyNamesDuty, tagFollowsTemplate } from './project-hooks';
import { quoteLineTagInProject, quoteRateFrozen } from './quote-hooks';
import { requestDeleteRules, requestRules } from './request-hooks';

/**
 * The rules a document declaration names (src/schemas/documents, `rules`), by name. A declaration says which
 * rules guard a list; this says what each rule is. The registry check at start-up refuses a name not here.
 */
export const SAVE_HOOKS: Readonly<Record<string, SaveHook>> = {
  standbyNamesDuty,
  equipmentTagFollowsTemplate: tagFollowsTemplate('equipment_tag_template', 'tagno'),
  instrumentTagFollowsTemplate: tagFollowsTemplate('instrument_tag_template', 'tagno'),
  cableEndsExist,
  cableTagFollowsTemplate: tagFollowsTemplate('cable_tag_template', 'cable_tag'),
  documentNumbers,
  requestRules,
  quoteRateFrozen,
  quotePackageOfProject,
  quoteLineTagInProject,
  packageAwardToBidder,
  packageItemTagInProject,
  clarificationDefaults,
  adjudicationHeader,
  adjudicationRateFrozen,
  adjudicationBidderQuote,
  adjudicationAdderOfBidder,
  adjudicationChoiceNamesOffer,
  actionStatusBelongsToActions,
};

export const DELETE_HOOKS: Readonly<Record<string, DeleteHook>> = {
  requestDeleteRules,
  issuedDocumentsStay,
};
