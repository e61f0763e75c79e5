import { sql } from 'drizzle-orm';
import type { Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { queryRows } from '../entities/entity-sql';
import { create } from './seed-entities';

/**
 * Duty sheets for Cerro Azul's two slurry pumps (field guide §13, §16), through the engine so the slurry
 * SG, the absorbed power of each case and the power check are derived as for any user's sheet. The
 * thickened tailings pump's design case absorbs 1,036.1 kW against its 900 kW motor: the demo's warning,
 * on the sheet and (kept by the database) on the equipment row. Seeded with the document, before its
 * revision A (seed-projects.ts), so the sheets are part of the state the revision issued.
 */
export const demoDutySheets = [
  {
    tagno: '200-PP-001A',
    sheet_number: 'DS-200-PP-001A',
    revision: 'A',
    service: 'Cyclone feed: ball mill discharge sump to the cyclone cluster',
    fluid: 'Copper ore slurry (ball mill discharge)',
    solids_sg: '2.7',
    cw_percent: '62',
    d50_um: 180,
    d80_um: 420,
    ph: '10.5',
    temperature_c: '35',
    flow_min_m3h: '3000',
    head_min_m: '27',
    npsha_min_m: '14',
    flow_normal_m3h: '3800',
    head_normal_m: '30',
    npsha_normal_m: '13',
    flow_design_m3h: '4200',
    head_design_m: '32',
    npsha_design_m: '12',
    design_pressure_kpag: '1000',
    design_temperature_c: '60',
    pump_efficiency_percent: '70',
    voltage_v: 6600,
    speed_rpm: 360,
    remarks: 'Rubber-lined casing; VSD. The supplier confirms the efficiency at the design case.',
  },
  {
    tagno: '600-PP-001A',
    sheet_number: 'DS-600-PP-001A',
    revision: 'A',
    service: 'Thickened tailings: tailings thickener underflow to the tailings storage facility',
    fluid: 'Thickened copper tailings',
    solids_sg: '2.75',
    cw_percent: '62',
    d50_um: 60,
    d80_um: 150,
    ph: '10.0',
    temperature_c: '25',
    flow_min_m3h: '1500',
    head_min_m: '58',
    npsha_min_m: '10',
    flow_normal_m3h: '1900',
    head_normal_m: '62',
    npsha_normal_m: '9.5',
    flow_design_m3h: '2200',
    head_design_m: '68',
    npsha_design_m: '9',
    design_pressure_kpag: '1600',
    design_temperature_c: '50',
    pump_efficiency_percent: '65',
    voltage_v: 6600,
    speed_rpm: 420,
    remarks: 'Head raised to 68 m after the tailings line was rerouted: the motor is to be reviewed with the supplier.',
  },
] as const;

export async function seedDemoDutySheets(db: Db, projectId: number, actor?: Actor): Promise<void> {
  const equipment = await queryRows<{ id: number; tagno: string }>(
    db,
    sql`select e.id, e.tagno from mech_equipment e where e.project_id = ${projectId}`,
  );
  const idOf = new Map(equipment.map((row) => [row.tagno, row.id]));
  const rows = demoDutySheets
    .filter((row) => idOf.has(row.tagno))
    .map(({ tagno, ...row }) => ({ ...row, equipment_id: idOf.get(tagno) }));
  await create(db, 'duty_sheets', rows, actor);
}
