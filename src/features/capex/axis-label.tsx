import type { XAxisTickContentProps } from 'recharts';

/**
 * A category axis label that fits its bar (issue #29 item 9): the name wrapped on words into at most
 * MAX_LINES lines of the characters the bar's width holds, the last cut with an ellipsis, and the full name
 * in an SVG title (shown on hover). recharts draws a label on one line whatever the bar's width, so narrow
 * bars' names ran into each other ("200 Grinding and classification" over "100 Primary crushing ...").
 */

const FONT_PX = 11;
/** An average glyph of the UI font at 11 px is ~6 px wide; 6.5 keeps a margin so neighbours never touch. */
const CHAR_PX = 6.5;
const GAP_PX = 8;
export const MAX_LINES = 3;

/** The name in lines of at most `maxChars` characters, broken on spaces, at most `maxLines` (the last ends in '…' when cut). */
export function wrapLabel(name: string, maxChars: number, maxLines = MAX_LINES): string[] {
  const width = Math.max(3, Math.floor(maxChars));
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const cut = lines.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  if (cut.length <= maxLines) return cut;
  const kept = cut.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = last.length + 1 > width ? `${last.slice(0, width - 1)}…` : `${last}…`;
  return kept;
}

/** The tick: wrapped lines under the bar, the whole name on hover. */
export function WrappedTick(props: Partial<XAxisTickContentProps>) {
  const { x = 0, y = 0, payload, width, visibleTicksCount } = props;
  const name = String(payload?.value ?? '');
  const band = Number(width ?? 0) / Math.max(1, visibleTicksCount ?? 1);
  const lines = wrapLabel(name, (band - GAP_PX) / CHAR_PX);
  return (
    <g transform={`translate(${Number(x)},${Number(y)})`}>
      <text className="capex-axis-label" textAnchor="middle" fontSize={FONT_PX} fill="#666">
        <title>{name}</title>
        {/* The first line's baseline a line and a gap below the tick (a tspan's own dy wins over the text's). */}
        {lines.map((line, i) => (
          <tspan key={i} x={0} dy={FONT_PX + 2}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}
