import { expect } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import type { SignedInSuite } from './test-app';

type Row = EntityRow;

/**
 * Rows of a project document made through the API as an engineer: `create` posts a batch of creates,
 * `newProject` a test project, `fillProject` a small document (two areas, a P&ID and a PFD, equipment,
 * instruments with cables and racking, a line, streams) whose rows refer to each other across the lists.
 */
export function projectFixtures(suite: Pick<SignedInSuite, 'post'>) {
  const { post } = suite;
  async function create(entity: string, rows: Record<string, unknown>[]): Promise<Row[]> {
    const response = await post(`/entities/${entity}/batch`, {
      creates: rows.map((values, i) => ({ clientKey: `k${i}`, values })),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().created as Row[];
  }

  async function newProject(name: string, extra: Record<string, unknown> = {}): Promise<Row> {
    const response = await post('/projects-new', { name, is_testdata: true, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row;
  }

  /** A small document: two areas, a P&ID and a PFD, equipment, instruments with cables and racking, lines, streams. */
  async function fillProject(projectId: number) {
    const [a100, a200] = await create('areas', [
      { project_id: projectId, areacode: '100', description: 'Crushing' },
      { project_id: projectId, areacode: '200', description: 'Grinding' },
    ]);
    const [pid] = await create('pids', [
      { project_id: projectId, drawing_number: 'PID-100-001', title: 'Crushing P&ID', projarea_id: a100!.id },
    ]);
    const [pfd] = await create('pfds', [
      { project_id: projectId, drawing_number: 'PFD-001', title: 'Overall mass balance' },
    ]);
    const [crusher, pump] = await create('mech_equipment', [
      { projarea_id: a100!.id, tagno: '100-CR-001', description: 'Primary crusher', pid_id: pid!.id },
      { projarea_id: a200!.id, tagno: '200-PP-001', description: 'Mill discharge pump' },
    ]);
    const [line] = await create('piping', [
      { projarea_id: a100!.id, size_mm: 350, service_code: 'SL', sequence: 1, pipe_spec: 'HR1' },
    ]);
    const [fit, pit] = await create('instruments', [
      {
        projarea_id: a100!.id,
        tagno: '100-FIT-001',
        letters: 'FIT',
        io_type: 'AI',
        equipment_id: crusher!.id,
        line_id: line!.id,
      },
      { projarea_id: a200!.id, tagno: '200-PIT-001', letters: 'PIT', io_type: 'AI' },
    ]);
    const cables = await create('cabling', [
      {
        instrument_id: fit!.id,
        cable_tag: '100-FIT-001-I-01',
        from_tag: '100-FIT-001',
        to_tag: 'JB-100',
        length_m: '50',
      },
      {
        instrument_id: pit!.id,
        cable_tag: '200-PIT-001-I-01',
        from_tag: '200-PIT-001',
        to_tag: 'JB-200',
        length_m: '20',
      },
    ]);
    const racks = await create('racking', [{ instrument_id: fit!.id, rack_ref: 'R-001', length_m: '10' }]);
    const streams = await create('streams', [
      {
        project_id: projectId,
        stream_number: 'S-001',
        pfd_id: pfd!.id,
        from_equipment_id: crusher!.id,
        to_equipment_id: pump!.id,
      },
      { project_id: projectId, stream_number: 'S-002', description: 'On no drawing' },
    ]);
    return {
      a100: a100!,
      a200: a200!,
      pid: pid!,
      pfd: pfd!,
      crusher: crusher!,
      pump: pump!,
      line: line!,
      fit: fit!,
      pit: pit!,
      cables,
      racks,
      streams,
    };
  }

  return { create, newProject, fillProject };
}
