import { sql } from 'drizzle-orm';
import { tagTemplateWarning } from '../../../schemas/entities/tag-templates';
import { fieldByName } from '../../../schemas/schema-types';
import type { SaveHook } from './hook-types';
import { queryRows } from '../entity-sql';
import { addError } from '../row-checks';
import { touchedRows } from './touched-rows';

/** The project document's rules that read the database (field guide §3-4); the pure ones are schema rules. */

/** A standby backs up a duty tag of its project, not itself and not another standby. */
export const standbyNamesDuty: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = await touchedRows(
    db,
    schema,
    candidates,
    ['standby_for_id', 'duty_role'],
    ['standby_for_id', 'duty_role'],
  );
  const targets = [
    ...new Set(rows.map(({ row }) => row.standby_for_id).filter((id): id is number => typeof id === 'number')),
  ];
  if (targets.length === 0) return;
  const found = await queryRows<{ id: number; tagno: string; duty_role: string | null }>(
    db,
    sql`select id, tagno, duty_role from mech_equipment where id = any(${`{${targets.join(',')}}`}::int[])`,
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  for (const { slot, row } of rows) {
    const target = typeof row.standby_for_id === 'number' ? byId.get(row.standby_for_id) : undefined;
    const self = candidates[slot]?.id;
    if (self !== undefined && row.standby_for_id === self)
      addError(errors, slot, 'standby_for_id', 'A standby cannot back up itself');
    else if (target && target.duty_role === 'standby')
      addError(errors, slot, 'standby_for_id', `${target.tagno} is a standby itself: choose the duty tag`);
  }
};

/** Tag prefixes of junction boxes, panels and cabinets, which have no list of their own yet: accepted as cable ends. */
export const CABINET_PREFIX = /^(JB|PNL|MCC|PLC|RIO|FDP|MCP|LCP|DCS|SWB|VSD)[-\d]/;

/** A cable runs from and to tags of its project: an instrument, an equipment item or a junction box / panel. */
export const cableEndsExist: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = await touchedRows(db, schema, candidates, ['from_tag', 'to_tag'], ['project_id', 'from_tag', 'to_tag']);
  const wanted = rows.flatMap(({ row }) =>
    (['from_tag', 'to_tag'] as const).flatMap((end) =>
      typeof row[end] === 'string' && typeof row.project_id === 'number' && !CABINET_PREFIX.test(row[end] as string)
        ? [{ project: row.project_id as number, tag: row[end] as string }]
        : [],
    ),
  );
  if (wanted.length === 0) return;
  const probe = JSON.stringify(wanted);
  const found = await queryRows<{ project: number; tag: string }>(
    db,
    sql`select distinct v.project, v.tag from json_to_recordset(${probe}::json) as v(project int, tag text)
        where exists (select 1 from instruments i where i.project_id = v.project and i.tagno = v.tag)
           or exists (select 1 from mech_equipment e where e.project_id = v.project and e.tagno = v.tag)`,
  );
  const known = new Set(found.map((row) => `${row.project}\u0000${row.tag}`));
  for (const { slot, row } of rows) {
    for (const end of ['from_tag', 'to_tag'] as const) {
      const tag = row[end];
      if (typeof tag !== 'string' || CABINET_PREFIX.test(tag) || !(end in (candidates[slot]?.values ?? {}))) continue;
      if (!known.has(`${String(row.project_id)}\u0000${tag}`))
        addError(errors, slot, end, `No instrument, equipment, junction box or panel tagged ${tag} in this project`);
    }
  }
};

/**
 * A new tag (a create, or a change of the tag) is checked against its project's template: a mismatch is a
 * warning on the tag, which the user confirms by saving again (acceptWarnings).
 */
export function tagFollowsTemplate(
  template: 'equipment_tag_template' | 'instrument_tag_template' | 'cable_tag_template',
  tagField: string,
): SaveHook {
  return async ({ db, schema, candidates, warnings }) => {
    const needed = [
      'project_id',
      tagField,
      ...['projarea_id', 'type_code', 'letters', 'loop_number', 'from_tag'].filter((name) => fieldByName(schema, name)),
    ];
    const rows = await touchedRows(db, schema, candidates, [tagField], needed);
    if (rows.length === 0) return;
    const projects = [
      ...new Set(rows.map(({ row }) => row.project_id).filter((id): id is number => typeof id === 'number')),
    ];
    const areas = [
      ...new Set(rows.map(({ row }) => row.projarea_id).filter((id): id is number => typeof id === 'number')),
    ];
    const templates = new Map(
      (projects.length > 0
        ? await queryRows<{ id: number; template: string | null }>(
            db,
            sql`select id, ${sql.raw(template)} as template from projects where id = any(${`{${projects.join(',')}}`}::int[])`,
          )
        : []
      ).map((p) => [p.id, p.template]),
    );
    const areaCodes = new Map(
      (areas.length > 0
        ? await queryRows<{ id: number; areacode: string }>(
            db,
            sql`select id, areacode from areas where id = any(${`{${areas.join(',')}}`}::int[])`,
          )
        : []
      ).map((a) => [a.id, a.areacode]),
    );
    for (const { slot, row } of rows) {
      const tag = row[tagField];
      if (typeof tag !== 'string') continue;
      const values = {
        area: typeof row.projarea_id === 'number' ? areaCodes.get(row.projarea_id) : null,
        type: (row.type_code ?? (schema.name === 'cabling' ? null : undefined)) as string | null | undefined,
        letters: row.letters as string | null | undefined,
        loop: row.loop_number as string | null | undefined,
        from: row.from_tag as string | null | undefined,
      };
      const warning = tagTemplateWarning(tag, templates.get(row.project_id as number), values);
      if (warning) addError(warnings, slot, tagField, warning);
    }
  };
}
