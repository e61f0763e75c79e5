import { SaxesParser } from 'saxes';
import { AppError } from '../../../http/app-error';

/**
 * Reading a DEXPI file (Proteus XML 4.x) safely: the bytes are decoded (UTF-8 with or without its byte
 * order mark, or UTF-16 with one), any DTD is refused before parsing (no DOCTYPE, so no external entities
 * and no entity-expansion bombs), and saxes, a strict well-formedness parser that never fetches or
 * expands anything beyond XML's five predefined entities and character references, builds a small tree.
 * Geometry (positions, extents, curves) and the ShapeCatalogue (symbol templates, not plant items) are
 * dropped as they stream by, so the tree holds the plant items and their attributes only.
 */

export type XmlNode = {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
  parent: XmlNode | undefined;
};

/** Elements that only draw (and their subtrees): never read, so never kept. */
const DROPPED = new Set([
  'ShapeCatalogue',
  'Presentation',
  'Extent',
  'Position',
  'Location',
  'Axis',
  'Reference',
  'Coordinate',
  'Line',
  'PolyLine',
  'Circle',
  'Ellipse',
  'TrimmedCurve',
  'CompositeCurve',
  'BsplineCurve',
  'Shape',
  'CenterLine',
  'Scale',
  'ConnectionPoints',
  'Node',
  'PipeFlowArrow',
  'UnitsOfMeasure',
]);

const MAX_DEPTH = 256;
const ROOT = 'PlantModel';

/** The element's name without a namespace prefix (p:Equipment -> Equipment). */
const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** The text of the body: UTF-8 (a byte-order mark dropped) or UTF-16 with its byte-order mark. */
export function decodeXml(body: Buffer): string {
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(body.subarray(2));
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff)
    return new TextDecoder('utf-16be').decode(body.subarray(2));
  const text = body.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A 400 saying why the file is not read: nothing has been written when it is thrown. */
const refuse = (message: string): never => {
  throw new AppError('bad_request', message);
};

/**
 * The DEXPI file's tree (root PlantModel), or a 400 naming what is wrong: not XML, a DTD (DOCTYPE or
 * ENTITY declarations), an undeclared entity, another root element, nesting deeper than 256.
 */
export function parseDexpiXml(text: string): XmlNode {
  const head = text.trimStart();
  if (head.length === 0)
    refuse('The body is empty: send the DEXPI file (Proteus XML) as the body, with Content-Type application/xml.');
  if (!head.startsWith('<'))
    refuse('This is not XML: a DEXPI file (Proteus XML) starts with <?xml ...?> or <PlantModel>.');
  // Refused before any parsing: a DTD is how external entities (XXE) and entity-expansion bombs get in.
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    refuse(
      'The file declares a DTD (<!DOCTYPE or <!ENTITY): DEXPI files need none, and a DTD can pull in external entities or expand without bound, so such files are refused.',
    );
  }

  const parser = new SaxesParser({ position: true });
  let root: XmlNode | undefined;
  let current: XmlNode | undefined;
  let depth = 0;
  let dropping = 0;
  const fail = (message: string): never =>
    refuse(
      `This is not a well-formed XML file (line ${parser.line}, column ${parser.column}): ${message.replace(/^.*?:\d+:\d+: /, '')}`,
    );

  parser.on('error', (error) => fail(error.message));
  parser.on('doctype', () => refuse('The file declares a DTD (<!DOCTYPE): such files are refused.'));
  parser.on('opentag', (tag) => {
    depth++;
    if (depth > MAX_DEPTH) refuse(`Elements are nested more than ${MAX_DEPTH} deep: not a DEXPI file.`);
    const name = localName(tag.name);
    if (depth === 1 && name !== ROOT)
      refuse(`The root element is <${tag.name}>: a DEXPI file's is <${ROOT}> (Proteus XML 4.x).`);
    if (dropping > 0 || DROPPED.has(name)) {
      dropping++;
      return;
    }
    const node: XmlNode = {
      name,
      attrs: tag.attributes as Record<string, string>,
      children: [],
      text: '',
      parent: current,
    };
    if (current) current.children.push(node);
    else root = node;
    current = node;
  });
  parser.on('closetag', () => {
    depth--;
    if (dropping > 0) {
      dropping--;
      return;
    }
    current = current?.parent;
  });
  parser.on('text', (chunk) => {
    if (dropping === 0 && current?.name === 'Description') current.text += chunk;
  });
  parser.write(text).close();
  if (!root) return refuse(`No <${ROOT}> element: not a DEXPI file.`);
  return root;
}
