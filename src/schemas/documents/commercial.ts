import { defineDocument } from './document-types';

/** The commercial documents (field guide §7-11): a header and the lists its page edits. */

export const packageDocument = defineDocument({
  label: 'Package',
  header: 'packages',
  headerSearch: {
    kind: 'packages',
    label: 'Packages',
    title: 'package_number',
    subtitle: [['title']],
    text: ['package_number', 'title', 'po_number'],
  },
  headerRules: { save: ['packageAwardToBidder'] },
  lists: [
    { entity: 'package_items', rules: { save: ['packageItemTagInProject'] } },
    { entity: 'package_bidders' },
    { entity: 'clarifications', rules: { save: ['clarificationDefaults'] } },
  ],
});

export const quoteDocument = defineDocument({
  label: 'Quote',
  header: 'quotes',
  headerSearch: {
    kind: 'quotes',
    label: 'Quotes',
    title: 'quote_number',
    subtitle: [['supplier_ref']],
    text: ['quote_number', 'supplier_ref'],
    supplier: 'supplier_id',
  },
  headerRules: { save: ['quoteRateFrozen', 'quotePackageOfProject'] },
  lists: [{ entity: 'quote_lines', rules: { save: ['quoteLineTagInProject'] } }],
});

export const adjudicationDocument = defineDocument({
  label: 'Adjudication',
  header: 'adjudications',
  headerRules: { save: ['adjudicationHeader'] },
  lists: [
    { entity: 'adjudication_rates', rules: { save: ['adjudicationRateFrozen'] } },
    { entity: 'adjudication_bidders', rules: { save: ['adjudicationBidderQuote'] } },
    { entity: 'adjudication_adders', rules: { save: ['adjudicationAdderOfBidder'] } },
    { entity: 'adjudication_choices', rules: { save: ['adjudicationChoiceNamesOffer'] } },
  ],
});

export const proposalDocument = defineDocument({
  label: 'Proposal',
  header: 'proposals',
  headerSearch: {
    kind: 'proposals',
    label: 'Proposals',
    title: 'proposal_number',
    subtitle: [['title']],
    text: ['proposal_number', 'title'],
  },
  lists: [{ entity: 'proposal_lines' }],
});

export const meetingDocument = defineDocument({
  label: 'Meeting',
  header: 'meetings',
  headerSearch: {
    kind: 'meetings',
    label: 'Meetings',
    title: 'title',
    subtitle: [['meeting_date']],
    text: ['title', 'location'],
  },
  lists: [{ entity: 'meeting_items', rules: { save: ['actionStatusBelongsToActions'] } }],
});
