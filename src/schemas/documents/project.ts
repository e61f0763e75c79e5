import { defineDocument } from './document-types';

const DRAWINGS = {
  kind: 'drawings',
  label: 'Drawings',
  title: 'drawing_number',
  subtitle: [['title']],
  text: ['drawing_number', 'title'],
} as const;

/**
 * The project document (spec §3, field guide §1-6): its lists in tab order. GET /projects/:id nests them as
 * the spec shows: drawings with their streams; areas with their instruments (each with its cables and
 * racking), equipment (with the instruments mounted on it, its streams and the spec's empty `mesinquotes`)
 * and lines; every stream once more at the top.
 */
export const projectDocument = defineDocument({
  label: 'Project',
  header: 'projects',
  headerSearch: {
    kind: 'projects',
    label: 'Projects',
    title: 'name',
    code: 'project_number',
    subtitle: [['project_number'], ['clientname']],
    text: ['project_number', 'name', 'clientname', 'description'],
  },
  lists: [
    { entity: 'areas', tab: { label: 'Areas', slug: 'areas' } },
    {
      entity: 'mech_equipment',
      tab: { label: 'Mechanical equipment', slug: 'equipment' },
      nest: [{ under: 'areas', by: ['projarea_id'] }],
      emptyArrays: ['mesinquotes'],
      search: {
        kind: 'equipment',
        label: 'Equipment tags',
        title: 'tagno',
        subtitle: [['description']],
        text: ['tagno', 'description'],
      },
      rules: { save: ['standbyNamesDuty', 'equipmentTagFollowsTemplate'] },
    },
    {
      entity: 'instruments',
      tab: { label: 'Instruments', slug: 'instruments' },
      nest: [
        { under: 'areas', by: ['projarea_id'] },
        { under: 'mech_equipment', by: ['equipment_id'] },
      ],
      search: {
        kind: 'instruments',
        label: 'Instrument tags',
        title: 'tagno',
        subtitle: [['service']],
        text: ['tagno', 'service', 'loop_number'],
      },
      rules: { save: ['instrumentTagFollowsTemplate'] },
    },
    {
      entity: 'cabling',
      tab: { label: 'Cabling', slug: 'cabling' },
      nest: [{ under: 'instruments', by: ['instrument_id'] }],
      rules: { save: ['cableEndsExist', 'cableTagFollowsTemplate'] },
    },
    {
      entity: 'racking',
      tab: { label: 'Racking', slug: 'racking' },
      nest: [{ under: 'instruments', by: ['instrument_id'] }],
    },
    {
      entity: 'piping',
      tab: { label: 'Piping (line list)', slug: 'piping' },
      nest: [{ under: 'areas', by: ['projarea_id'] }],
      search: {
        kind: 'lines',
        label: 'Lines',
        title: 'line_number',
        subtitle: [['fluid'], ['from_tag', 'to_tag']],
        text: ['line_number', 'fluid', 'from_tag', 'to_tag'],
      },
    },
    { entity: 'pids', tab: { label: 'P&IDs', slug: 'pids' }, search: DRAWINGS },
    { entity: 'pfds', tab: { label: 'PFDs', slug: 'pfds' }, search: DRAWINGS },
    {
      entity: 'streams',
      tab: { label: 'Streams', slug: 'streams' },
      top: true,
      nest: [
        { under: 'pids', by: ['pid_id'] },
        { under: 'pfds', by: ['pfd_id'] },
        { under: 'mech_equipment', by: ['from_equipment_id', 'to_equipment_id'] },
      ],
    },
    // #32: motors and other loads under their area, each fed from an MCC; their demand adds up per area and MCC.
    {
      entity: 'electrical_loads',
      tab: { label: 'Electrical loads', slug: 'loads' },
      nest: [{ under: 'areas', by: ['projarea_id'] }],
      search: {
        kind: 'loads',
        label: 'Electrical loads',
        title: 'load_tag',
        subtitle: [['description'], ['mcc', 'feeder']],
        text: ['load_tag', 'description', 'mcc', 'feeder'],
      },
      rollups: [
        {
          title: 'MCC demand by area',
          groupBy: ['projarea_id', 'mcc'],
          sums: ['installed_kw', 'absorbed_kw', 'demand_kw'],
        },
      ],
    },
    // Field guide §13: kept per project, each part of an equipment row; not part of a revision's snapshot.
    { entity: 'duty_sheets', tab: { label: 'Duty sheets', slug: 'duty-sheets' }, revised: false },
    // #31: the document register; its rows issue PDFs and workbooks.
    {
      entity: 'project_documents',
      tab: { label: 'Documents', slug: 'documents' },
      revised: false,
      rules: { numbering: ['documentNumbers'], delete: ['issuedDocumentsStay'] },
    },
    // The CAPEX estimate's factors: the CAPEX screen keeps them; a demo restore leaves them as they are.
    { entity: 'capex_factors', revised: false, restored: false },
  ],
});
