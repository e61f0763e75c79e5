import type { EntityRow } from '../../../../schemas/schema-types';
import { CABINET_PREFIX } from '../../../entities/hooks/project-hooks';
import { liveRows } from './list-columns';
import type { SourceContext } from './source-context';

/**
 * What a deliverable reads from a cable's ends: a cable from_tag / to_tag names an instrument, an equipment item,
 * or a cabinet the project has no list of (a junction box, a panel, an MCC): the prefixes the cable save accepts
 * without a tag behind them (CABINET_PREFIX, one rule for both).
 */

const CABINET_KINDS: Record<string, string> = {
  JB: 'Junction box',
  PNL: 'Panel',
  MCC: 'Motor control centre',
  PLC: 'PLC',
  RIO: 'Remote I/O',
  FDP: 'Field distribution panel',
  MCP: 'Marshalling / control panel',
  LCP: 'Local control panel',
  DCS: 'DCS cabinet',
  SWB: 'Switchboard',
  VSD: 'Variable speed drive',
};

/** The kind of cabinet a cable end names ("Junction box" for JB-100), or null for a tag of the project's lists. */
export function cabinetKind(tag: unknown): string | null {
  if (typeof tag !== 'string') return null;
  const match = CABINET_PREFIX.exec(tag);
  return match ? (CABINET_KINDS[match[1] as string] ?? null) : null;
}

/** An end naming a motor control centre. */
export const isMcc = (tag: unknown): tag is string => typeof tag === 'string' && /^MCC[-\d]/.test(tag);

/**
 * The cables an issued document counts: live cables of live instruments, as the roll-ups count cable lengths
 * (a soft-deleted instrument's cables are out with it), in cable-tag order.
 */
export function liveCables(ctx: SourceContext): EntityRow[] {
  const instruments = new Set<unknown>(liveRows(ctx.lists.instruments).map((row) => row.id));
  return liveRows(ctx.lists.cabling)
    .filter((cable) => instruments.has(cable.instrument_id))
    .sort((a, b) => String(a.cable_tag).localeCompare(String(b.cable_tag)));
}
