/**
 * The shape of a demo project document (field guide §1-6): its lists, with references written as the
 * user sees them (area code, drawing number, tag, line number), resolved to ids of the same project when
 * the document is seeded (seed-projects.ts). Decimals are text, as on the wire.
 */

export type DemoArea = { areacode: string; description: string; wbs_code?: string };

export type DemoDrawing = {
  drawing_number: string;
  title: string;
  sheet?: number;
  revision?: string;
  status?: 'IFR' | 'IFA' | 'IFC' | 'as_built';
  area?: string;
};

export type DemoEquipment = {
  tagno: string;
  area: string;
  description: string;
  type_code: string;
  /** An item category code of demo-catalogue.ts; left empty where none fits (a kiln, a flotation cell). */
  category?: string;
  quantity?: number;
  installed_kw?: string;
  absorbed_kw?: string;
  /** A standby: the duty tag it backs up. It is not running. */
  standby_for?: string;
  pid?: string;
  price?: { amount: string; currency: string; source: 'firm_quote' | 'budget_quote' | 'factored' | 'allowance' };
  status?: 'in_design' | 'issued_for_quote' | 'awarded' | 'ordered';
  remarks?: string;
};

export type DemoLine = {
  size_mm: number;
  service_code: string;
  area: string;
  sequence: number;
  pipe_spec?: string;
  from_tag?: string;
  to_tag?: string;
  fluid?: string;
  phase?: 'slurry' | 'liquid' | 'gas' | 'two_phase' | 'solid';
  operating_pressure_kpag?: string;
  design_pressure_kpag?: string;
  operating_temperature_c?: string;
  design_temperature_c?: string;
  slurry_sg?: string;
  solids_pct?: string;
  insulation?: string;
  pid?: string;
};

export type IoType = 'AI' | 'AO' | 'DI' | 'DO' | 'COMMS';

export type DemoInstrument = {
  tagno: string;
  area: string;
  letters: string;
  loop_number: string;
  service: string;
  io_type: IoType;
  signal: '4-20mA' | 'HART' | 'Profibus' | 'EtherNet/IP' | '24VDC';
  range?: { low: string; high: string; unit: string };
  alarms?: { ll?: string; l?: string; h?: string; hh?: string };
  equipment?: string;
  /** The line it sits on, by its composed line number. */
  line?: string;
  pid?: string;
  supplier?: string;
  status?: 'in_design' | 'specified' | 'quoted' | 'ordered' | 'installed';
};

export type DemoCable = {
  cable_tag: string;
  instrument: string;
  from_tag: string;
  to_tag: string;
  cable_type: 'instrument' | 'power' | 'control' | 'fibre';
  cores_size?: string;
  length_m?: string;
  allowance_pct?: string;
  route_ref?: string;
  glands?: string;
};

export type DemoRack = {
  instrument: string;
  rack_ref: string;
  rack_type: 'ladder' | 'tray' | 'conduit' | 'rack';
  width_mm?: number;
  length_m?: string;
  material?: 'galvanised' | 'stainless' | 'frp';
  area?: string;
};

export type DemoStream = {
  stream_number: string;
  description: string;
  pfd?: string;
  from?: string;
  to?: string;
  mass_flow_tph?: string;
  vol_flow_m3h?: string;
  solids_pct?: string;
  slurry_sg?: string;
  p80_um?: number;
  temperature_c?: string;
  pressure_kpa?: string;
};

/**
 * A revision issued once the lists are seeded, and the equipment edits made after it (by tag): so a user
 * meets a project already under change control, with revision clouds on those rows.
 */
export type DemoRevision = {
  rev: string;
  purpose: 'IFR' | 'IFA' | 'IFC';
  issued_on: string;
  note: string;
  equipmentChangedSince: { tagno: string; values: Record<string, unknown> }[];
};

/** A project's lists; the header is the demoProjects entry of the same name. */
export type DemoDocument = {
  revision?: DemoRevision;
  project: string;
  areas: DemoArea[];
  pids: DemoDrawing[];
  pfds: DemoDrawing[];
  equipment: DemoEquipment[];
  lines: DemoLine[];
  instruments: DemoInstrument[];
  cables: DemoCable[];
  racking: DemoRack[];
  streams: DemoStream[];
};

/** Volume flow of a stream from its mass flow and SG (t/h / SG = m³/h), to one decimal. */
export function volumeFlow(massTph: string, sg: string): string {
  return (Number(massTph) / Number(sg)).toFixed(1);
}

/** The SG of a slurry of `solidsPct` % w/w solids of density `solidsSg` in water. */
export function slurrySg(solidsPct: number, solidsSg: number): string {
  const cw = solidsPct / 100;
  return (1 / (cw / solidsSg + (1 - cw))).toFixed(3);
}

/** The signal cable of each instrument (from its tag to its junction box), as the cable template names it: {from}-{type}-{seq}. */
export function signalCable(
  instrument: DemoInstrument,
  junctionBox: string,
  length: number,
  route?: string,
): DemoCable {
  const discrete = instrument.io_type === 'DI' || instrument.io_type === 'DO';
  const cores =
    instrument.io_type === 'COMMS'
      ? instrument.signal === 'Profibus'
        ? 'Profibus DP 1P x 0.64 mm2'
        : 'Cat6A SF/UTP 4P'
      : discrete
        ? '2C x 1.5 mm2'
        : '1P x 1.5 mm2 OS';
  return {
    cable_tag: `${instrument.tagno}-${discrete ? 'C' : 'I'}-01`,
    instrument: instrument.tagno,
    from_tag: instrument.tagno,
    to_tag: junctionBox,
    cable_type: discrete ? 'control' : 'instrument',
    cores_size: cores,
    length_m: length.toFixed(1),
    allowance_pct: '10',
    route_ref: route,
    glands: 'M20 nickel-plated brass',
  };
}
