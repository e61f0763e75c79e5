import type { XmlNode } from './dexpi-xml';

/**
 * What a DEXPI file says about the plant, read from its tree (dexpi-xml.ts) the same way whichever design
 * tool wrote it: equipment (tag, class, description, nozzles), piping network systems as lines (line
 * number, fluid code, piping class, nominal diameter, where they start and end), process instrumentation
 * functions as instruments (letters, number, loop), and the drawing. Tools differ in where they put a
 * tag: the TagName attribute (SmartPlant P&ID), a TagNameAssignmentClass generic attribute (P&ID
 * Toolbox), prefix + sequence number + suffix (attributes or generic attributes), a label's text, or
 * ComponentName; each is tried in that order.
 */

export type DexpiNozzle = { id: string; tag: string | null };
export type DexpiEquipment = {
  id: string;
  tag: string | null;
  componentClass: string;
  description: string | null;
  nozzles: DexpiNozzle[];
};
/** One end of a line: an equipment tag (at a nozzle), another line, an instrument, or an off-page connector. */
export type DexpiEnd = { tag: string | null; detail: string };
export type DexpiLine = {
  id: string;
  tag: string | null;
  fluidCode: string | null;
  pipingClass: string | null;
  nominalDiameter: number | null;
  insulation: string | null;
  tracing: string | null;
  segments: number;
  from: DexpiEnd | null;
  to: DexpiEnd | null;
};
export type DexpiInstrument = {
  id: string;
  tag: string | null;
  letters: string | null;
  number: string | null;
  loop: string | null;
  componentClass: string;
};
export type DexpiDrawing = { numbers: string[]; title: string | null };
export type DexpiModel = {
  originatingSystem: string | null;
  schemaVersion: string | null;
  drawing: DexpiDrawing;
  plantSections: string[];
  equipment: DexpiEquipment[];
  lines: DexpiLine[];
  instruments: DexpiInstrument[];
};

const EMPTY_ATTRS: Record<string, string> = {};

/** Generic attributes of an element (its own GenericAttributes blocks, not its children's), by name; the first value wins. */
function genericAttributes(node: XmlNode): Map<string, string> {
  const found = new Map<string, string>();
  for (const block of node.children) {
    if (block.name !== 'GenericAttributes') continue;
    for (const attribute of block.children) {
      const name = attribute.attrs.Name;
      const value = attribute.attrs.Value;
      if (attribute.name === 'GenericAttribute' && name && value !== undefined && !found.has(name))
        found.set(name, value);
    }
  }
  return found;
}

/** A value with its spaces trimmed, or null when nothing is left. */
const clean = (value: string | undefined | null): string | null => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

/** The named value, as an attribute or as a generic attribute (`Name` or `NameAssignmentClass`). */
function valueOf(node: XmlNode, generic: Map<string, string>, name: string): string | null {
  return clean(node.attrs[name]) ?? clean(generic.get(`${name}AssignmentClass`)) ?? clean(generic.get(name));
}

/** ComponentName is a tag only when it is not a tool's internal name (a shape name, a GUID, Type_<guid>). */
function componentNameTag(node: XmlNode): string | null {
  const name = clean(node.attrs.ComponentName);
  if (
    !name ||
    /_SHAPE(_|$)/i.test(name) ||
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(name) ||
    name === node.attrs.ID
  )
    return null;
  return name;
}

/** An item's tag: TagName, TagNameAssignmentClass, prefix + sequence number + suffix, its tag label, or ComponentName. */
function tagOf(node: XmlNode, generic: Map<string, string>, labels: Map<string, string>): string | null {
  const direct = valueOf(node, generic, 'TagName');
  if (direct) return direct;
  const prefix = valueOf(node, generic, 'TagNamePrefix');
  const sequence = valueOf(node, generic, 'TagNameSequenceNumber');
  const suffix = valueOf(node, generic, 'TagNameSuffix');
  if (sequence || prefix) return `${prefix ?? ''}${sequence ?? ''}${suffix ?? ''}`;
  const id = node.attrs.ID;
  return (id ? labels.get(id) : undefined) ?? componentNameTag(node);
}

/** Walks the tree once, depth first, calling `visit` on every element. */
function walk(node: XmlNode, visit: (node: XmlNode) => void): void {
  visit(node);
  for (const child of node.children) walk(child, visit);
}

/**
 * Tag labels by the id of the item they label: a Text that names its item (ItemID) and shows a TagName
 * (SmartPlant: DependantAttribute="[TagNamePrefix...][TagNameSequenceNumber...]"; P&ID Toolbox: an
 * ObjectAttributesReference to DependantAttribute="TagName").
 */
function tagLabels(root: XmlNode): Map<string, string> {
  const labels = new Map<string, string>();
  walk(root, (node) => {
    if (node.name !== 'Text') return;
    const text = clean(node.attrs.String);
    if (!text) return;
    const references = node.children.flatMap((child) =>
      child.name === 'TextStringFormatSpecification' ? child.children : [],
    );
    const item = node.attrs.ItemID ?? references.find((r) => r.attrs.ItemID)?.attrs.ItemID;
    const shows = [
      node.attrs.DependantAttribute ?? '',
      ...references.map((r) => r.attrs.DependantAttribute ?? ''),
    ].join(' ');
    if (item && /TagName/i.test(shows) && !/SubTagName/i.test(shows) && !labels.has(item)) labels.set(item, text);
  });
  return labels;
}

/** A nominal diameter in mm: 80 from '80', 'DN 80', 'Din2448ObjectDn80'; inches (NPS, '2"') converted to DN. */
export function nominalDiameterMm(...values: (string | null)[]): number | null {
  for (const value of values) {
    if (!value) continue;
    const inches = /^(\d+(?:\.\d+)?)\s*(?:"|in|inch|NPS)$/i.exec(value) ?? /^NPS\s*(\d+(?:\.\d+)?)$/i.exec(value);
    if (inches) {
      const nps = Number(inches[1]);
      const table: Record<string, number> = {
        '0.5': 15,
        '0.75': 20,
        '1': 25,
        '1.25': 32,
        '1.5': 40,
        '2': 50,
        '2.5': 65,
        '3': 80,
        '3.5': 90,
      };
      return table[String(nps)] ?? Math.round(nps * 25);
    }
    const digits = /(\d+(?:\.\d+)?)\s*(?:mm)?$/i.exec(value);
    if (digits) return Math.round(Number(digits[1]));
  }
  return null;
}

const OFF_PAGE = /OffPageConnector|PipeConnectorSymbol/i;

/** What an element id stands for when a line's connection reaches it. */
type Owner =
  | { kind: 'nozzle' | 'equipment'; tag: string | null; nozzle?: string | null }
  | { kind: 'line'; lineId: string; offPage: boolean }
  | { kind: 'instrument'; tag: string | null };

/** Reads the plant items of a parsed DEXPI file (root PlantModel); the ShapeCatalogue was dropped while parsing. */
export function readDexpiModel(root: XmlNode): DexpiModel {
  const labels = tagLabels(root);
  const owners = new Map<string, Owner>();
  const equipment: DexpiEquipment[] = [];
  const lines: DexpiLine[] = [];
  const instruments: DexpiInstrument[] = [];
  const lineNodes: XmlNode[] = [];
  const loops = new Map<string, string>();
  const plantSections: string[] = [];
  const drawingNumbers: string[] = [];
  let title: string | null = null;
  const information = root.children.find((c) => c.name === 'PlantInformation')?.attrs ?? EMPTY_ATTRS;

  walk(root, (node) => {
    const id = node.attrs.ID;
    switch (node.name) {
      case 'Equipment': {
        // Sub-equipment (a chamber, an impeller) is part of its equipment, not an item of the list.
        if (node.parent?.name === 'Equipment') return;
        const generic = genericAttributes(node);
        const tag = tagOf(node, generic, labels);
        const nozzles: DexpiNozzle[] = node.children
          .filter((c) => c.name === 'Nozzle')
          .map((nozzle) => {
            const nozzleGeneric = genericAttributes(nozzle);
            const nozzleTag =
              valueOf(nozzle, nozzleGeneric, 'TagName') ??
              valueOf(nozzle, nozzleGeneric, 'SubTagName') ??
              (nozzle.attrs.ID ? (labels.get(nozzle.attrs.ID) ?? null) : null);
            if (nozzle.attrs.ID) owners.set(nozzle.attrs.ID, { kind: 'nozzle', tag, nozzle: nozzleTag });
            return { id: nozzle.attrs.ID ?? '', tag: nozzleTag };
          });
        const description =
          clean(generic.get('EquipmentDescriptionAssignmentClass')) ??
          clean(node.children.find((c) => c.name === 'Description')?.text);
        if (id) owners.set(id, { kind: 'equipment', tag });
        equipment.push({
          id: id ?? '',
          tag,
          componentClass: node.attrs.ComponentClass ?? 'Equipment',
          description,
          nozzles,
        });
        return;
      }
      case 'PipingNetworkSystem':
        lineNodes.push(node);
        return;
      case 'ProcessInstrumentationFunction': {
        const generic = genericAttributes(node);
        const category = valueOf(node, generic, 'ProcessInstrumentationFunctionCategory');
        const functions = valueOf(node, generic, 'ProcessInstrumentationFunctions');
        const number = valueOf(node, generic, 'ProcessInstrumentationFunctionNumber');
        // A tag the file gives; else the letters and number (PI + 4712.01 -> PI-4712.01); else a label or ComponentName.
        const given = valueOf(node, generic, 'TagName');
        const composed = category || functions ? `${category ?? ''}${functions ?? ''}` : null;
        const tag = given ?? (composed && number ? `${composed}-${number}` : tagOf(node, generic, labels));
        const letters = composed ?? (tag ? (/^[A-Za-z]+/.exec(tag)?.[0] ?? null) : null);
        const loopId = node.children.find((c) => c.name === 'Association' && /part of/i.test(c.attrs.Type ?? ''))?.attrs
          .ItemID;
        if (id) owners.set(id, { kind: 'instrument', tag });
        instruments.push({
          id: id ?? '',
          tag,
          letters,
          number,
          loop: loopId ?? null,
          componentClass: node.attrs.ComponentClass ?? 'ProcessInstrumentationFunction',
        });
        return;
      }
      case 'InstrumentationLoopFunction': {
        const generic = genericAttributes(node);
        const number = valueOf(node, generic, 'InstrumentationLoopFunctionNumber') ?? tagOf(node, generic, labels);
        if (id && number) loops.set(id, number);
        return;
      }
      case 'PlantStructureItem':
        if (/PlantSection|Unit|Area/i.test(node.attrs.ComponentClass ?? '') && clean(node.attrs.ComponentName))
          plantSections.push(clean(node.attrs.ComponentName) as string);
        return;
      case 'Drawing':
      case 'MetaData': {
        const generic = genericAttributes(node);
        for (const name of ['DrawingNumberAssignmentClass', 'DrawingNumber']) {
          const number = clean(generic.get(name));
          if (number) drawingNumbers.push(number);
        }
        if (node.name === 'Drawing' && clean(node.attrs.Name)) drawingNumbers.push(clean(node.attrs.Name) as string);
        title ??=
          clean(node.attrs.Title) ??
          clean(generic.get('Title')) ??
          clean(generic.get('DrawingNameAssignmentClass')) ??
          clean(generic.get('DrawingSubTitleAssignmentClass'));
        return;
      }
      default:
    }
  });

  // Lines: each system's own elements first (so a connection knows which ends are outside the line).
  for (const system of lineNodes) {
    const systemId = system.attrs.ID ?? '';
    walk(system, (node) => {
      if (node !== system && node.attrs.ID)
        owners.set(node.attrs.ID, {
          kind: 'line',
          lineId: systemId,
          offPage: OFF_PAGE.test(node.name) || OFF_PAGE.test(node.attrs.ComponentClass ?? ''),
        });
    });
  }
  const lineTags = new Map<string, string | null>();
  const lineFacts = lineNodes.map((system) => {
    const generic = genericAttributes(system);
    const segments = system.children.filter((c) => c.name === 'PipingNetworkSegment');
    const segmentGeneric = segments.map(genericAttributes);
    const first = (name: string) =>
      clean(generic.get(name)) ?? segmentGeneric.map((g) => clean(g.get(name))).find(Boolean) ?? null;
    const tag =
      clean(system.attrs.TagName) ??
      first('LineNumberAssignmentClass') ??
      (system.attrs.ID ? (labels.get(system.attrs.ID) ?? null) : null) ??
      componentNameTag(system);
    lineTags.set(system.attrs.ID ?? '', tag);
    return { system, generic, segments, first, tag };
  });
  const endOf = (id: string | undefined, systemId: string): DexpiEnd | null | 'inside' => {
    if (!id) return null;
    const owner = owners.get(id);
    if (!owner) return { tag: null, detail: `an item the file does not describe (${id})` };
    switch (owner.kind) {
      case 'nozzle':
        return {
          tag: owner.tag,
          detail: `${owner.tag ?? 'untagged equipment'}${owner.nozzle ? ` nozzle ${owner.nozzle}` : ''}`,
        };
      case 'equipment':
        return { tag: owner.tag, detail: owner.tag ?? 'untagged equipment' };
      case 'instrument':
        return { tag: owner.tag, detail: `instrument ${owner.tag ?? ''}`.trim() };
      case 'line': {
        if (owner.offPage) return { tag: null, detail: 'off-page connector' };
        if (owner.lineId === systemId) return 'inside';
        const other = lineTags.get(owner.lineId) ?? null;
        return { tag: other, detail: `line ${other ?? owner.lineId}` };
      }
    }
  };
  for (const { system, generic, segments, first, tag } of lineFacts) {
    const systemId = system.attrs.ID ?? '';
    let from: DexpiEnd | null = null;
    let to: DexpiEnd | null = null;
    for (const segment of segments) {
      for (const connection of segment.children) {
        if (connection.name !== 'Connection') continue;
        const start = endOf(connection.attrs.FromID, systemId);
        const end = endOf(connection.attrs.ToID, systemId);
        if (start && start !== 'inside') from ??= start;
        if (end && end !== 'inside') to = end;
      }
    }
    lines.push({
      id: systemId,
      tag,
      fluidCode: first('FluidCodeAssignmentClass'),
      pipingClass: first('PipingClassCodeAssignmentClass'),
      nominalDiameter: nominalDiameterMm(
        clean(generic.get('NominalDiameterNumericalValueRepresentationAssignmentClass')),
        clean(generic.get('NominalDiameterRepresentationAssignmentClass')),
        clean(generic.get('NominalDiameterStandardSpecialization')),
        first('NominalDiameterNumericalValueRepresentationAssignmentClass'),
        first('NominalDiameterRepresentationAssignmentClass'),
      ),
      insulation: first('InsulationTypeAssignmentClass'),
      tracing: first('HeatTracingTypeAssignmentClass'),
      segments: segments.length,
      from,
      to,
    });
  }
  for (const instrument of instruments) instrument.loop = instrument.loop ? (loops.get(instrument.loop) ?? null) : null;

  return {
    originatingSystem: clean(information.OriginatingSystem),
    schemaVersion: clean(information.SchemaVersion),
    drawing: { numbers: [...new Set(drawingNumbers)], title },
    plantSections,
    equipment,
    lines,
    instruments,
  };
}
