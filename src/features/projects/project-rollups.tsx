import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { getEntitySchema } from '../../schemas/registry';
import { fieldByName } from '../../schemas/schema-types';
import { deletedLabel } from '../../schemas/display-format';
import { IO_TYPES, type ProjectRollups, type Rollup } from '../../lib/project-rollups';

const whole = (n: number) => n.toLocaleString('en-US');

/** A decimal string as people read it: thousands grouped, at most `digits` decimals ('—' when not a number). */
export function decimalText(value: string | null | undefined, digits = 1): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : '—';
}

function sumOf(values: Record<string, string>): number {
  return Object.values(values).reduce(
    (total, value) => total + (Number.isFinite(Number(value)) ? Number(value) : 0),
    0,
  );
}

/** Enum labels of the cable and rack types, for the lengths by type ('instrument' -> 'Instrument'). */
function optionLabels(entity: string, field: string): Map<string, string> {
  const def = fieldByName(getEntitySchema(entity), field);
  return new Map(def?.kind === 'enum' ? def.options.map((o) => [o.value, o.label]) : []);
}
const cableTypes = optionLabels('cabling', 'cable_type');
const rackTypes = optionLabels('racking', 'rack_type');

/**
 * The tile's lengths include each cable's allowance (field guide §17: say whether a length includes it): the
 * detail says how much of the total it is, then the lengths by type.
 */
function cableDetail(rollup: Rollup): string {
  const byType = lengthsByType(rollup.cable_length_m_by_type, cableTypes);
  const allowance = Number(rollup.cable_allowance_m);
  if (allowance > 0) return `incl. ${decimalText(rollup.cable_allowance_m, 1)} m allowance · ${byType}`;
  return byType === 'none' ? byType : `no allowance · ${byType}`;
}

/** How the I/O to buy is worked out, so nobody has to guess at the rounding. */
export function spareRule(sparePct: number): string {
  return `${sparePct} % spare on each type's count, rounded up per type`;
}

function lengthsByType(values: Record<string, string>, labels: Map<string, string>): string {
  const entries = Object.entries(values).filter(([, v]) => Number(v) !== 0);
  if (entries.length === 0) return 'none';
  return entries.map(([type, v]) => `${labels.get(type) ?? type} ${decimalText(v, 0)} m`).join(' · ');
}

/** The equipment cost in the base currency, or why there is none. */
function costText(rollup: Rollup, currency: string | null): string {
  if (rollup.equipment_cost_base === null) return currency ? '—' : 'No base currency';
  return `${currency ?? ''} ${decimalText(rollup.equipment_cost_base, 0)}`.trim();
}

/**
 * A figure's font: 1.15rem, smaller when its longest word would not fit the card's width (container query
 * units: the card is the container), never below 0.8rem. A figure still too wide wraps at its thousands
 * separators, so none is ever cut off (the equipment cost in a 110 px card at 1366 px).
 */
function fittedFontSize(text: string): string {
  const longest = Math.max(...text.split(/\s+/).map((word) => word.length));
  // A digit of the semi-bold tabular figures is ~0.51em wide; 0.6 leaves room for a wider fallback font.
  return `clamp(0.8rem, calc(100cqi / ${(longest * 0.6).toFixed(2)}), 1.15rem)`;
}

/**
 * A figure's text, each word kept whole on its line when it fits ('USD' above '64,310,000' rather than
 * '64,310,' on the first line), with a break allowed after each thousands separator when it does not.
 */
function breakableFigure(text: string): ReactNode {
  return text.split(' ').map((word, w) => (
    <Fragment key={w}>
      {w > 0 && ' '}
      <Box component="span" sx={{ display: 'inline-block', maxWidth: '100%' }}>
        {word.split(',').map((part, i) => (
          <Fragment key={i}>
            {i > 0 && (
              <>
                ,<wbr />
              </>
            )}
            {part}
          </Fragment>
        ))}
      </Box>
    </Fragment>
  ));
}

/** One figure of the strip: a group named by its label, so a figure is found by what it is. */
function Stat({
  label,
  value,
  detail,
  wide = false,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  wide?: boolean;
}) {
  const text = typeof value === 'string' ? value : undefined;
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      sx={{
        px: 1,
        py: 0.75,
        minWidth: 0,
        containerType: 'inline-size',
        gridColumn: wide ? { sm: 'span 2' } : undefined,
      }}
    >
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        sx={{ fontWeight: 500, lineHeight: 1.4, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{
          fontSize: text ? fittedFontSize(text) : '1.15rem',
          fontWeight: 600,
          lineHeight: 1.3,
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
        }}
        data-testid="stat-value"
      >
        {text ? breakableFigure(text) : value}
      </Typography>
      {detail && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ lineHeight: 1.35, overflowWrap: 'anywhere' }}
        >
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

function IoTable({ rollup, sparePct }: { rollup: Rollup; sparePct: number }) {
  const cellSx = { px: 0.5, py: 0, textAlign: 'right' } as const;
  return (
    <Box
      component="table"
      sx={{ borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums', lineHeight: 1.25, '& th, & td': cellSx }}
    >
      <thead>
        <Box component="tr" sx={{ fontSize: '0.7rem', color: 'text.secondary', '& th': { fontWeight: 500 } }}>
          <th />
          {IO_TYPES.map((type) => (
            <th key={type} scope="col">
              {type === 'COMMS' ? 'Comms' : type}
            </th>
          ))}
        </Box>
      </thead>
      <tbody>
        <Box component="tr" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          <Box
            component="th"
            scope="row"
            sx={{
              fontSize: '0.7rem',
              fontWeight: 500,
              color: 'text.secondary',
              textAlign: 'left !important',
              pl: '0 !important',
            }}
          >
            count
          </Box>
          {IO_TYPES.map((type) => (
            <td key={type}>{whole(rollup.io[type] ?? 0)}</td>
          ))}
        </Box>
        <Box component="tr" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
          <Box
            component="th"
            scope="row"
            sx={{
              fontSize: '0.7rem',
              fontWeight: 500,
              textAlign: 'left !important',
              pl: '0 !important',
              whiteSpace: 'nowrap',
            }}
          >
            +{sparePct}%
          </Box>
          {IO_TYPES.map((type) => (
            <td key={type}>{whole(rollup.io_with_spare[type] ?? 0)}</td>
          ))}
        </Box>
      </tbody>
    </Box>
  );
}

type StripProps = {
  data: ProjectRollups | undefined;
  error: { status?: number; message: string } | undefined;
  loading: boolean;
};

/**
 * The project's figures above its tabs (field guide §2-5): equipment, power, instruments, I/O with spare,
 * cable and racking lengths, lines, equipment cost. Never invented: when they cannot be loaded, it says so.
 */
export function RollupStrip({ data, error, loading }: StripProps) {
  if (!data) {
    if (error) {
      return (
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          The project&apos;s roll-up figures could not be loaded (
          {error.status === 404 ? 'the server does not offer them yet' : error.message}). The lists below are not
          affected.
        </Alert>
      );
    }
    return <Skeleton variant="rounded" height={84} sx={{ mb: 2 }} aria-label="Loading the roll-up figures" />;
  }
  const { project } = data;
  const cable = sumOf(project.cable_length_m_by_type);
  const racking = sumOf(project.racking_length_m_by_type);
  return (
    <Box component="section" aria-label="Project roll-ups" sx={{ mb: 2 }}>
      {error && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          These figures could not be refreshed ({error.message}); they may be out of date.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fit, minmax(112px, 1fr))',
          opacity: loading ? 0.7 : 1,
          transition: 'opacity 150ms',
        }}
      >
        <Stat
          label="Equipment"
          value={whole(project.equipment_count)}
          detail={project.equipment_count === 1 ? 'tag' : 'tags'}
        />
        <Stat
          label="Installed kW"
          value={decimalText(project.installed_kw)}
          detail={`Running ${decimalText(project.running_kw)} kW`}
        />
        <Stat
          label="Instruments"
          value={whole(project.instrument_count)}
          detail={`${whole(IO_TYPES.reduce((n, t) => n + (project.io[t] ?? 0), 0))} I/O points`}
        />
        <Stat
          label={`I/O points, with ${data.spare_pct}% spare`}
          value={<IoTable rollup={project} sparePct={data.spare_pct} />}
          detail={spareRule(data.spare_pct)}
          wide
        />
        <Stat label="Cable length" value={`${decimalText(String(cable), 0)} m`} detail={cableDetail(project)} />
        <Stat
          label="Racking length"
          value={`${decimalText(String(racking), 0)} m`}
          detail={lengthsByType(project.racking_length_m_by_type, rackTypes)}
        />
        <Stat label="Lines" value={whole(project.line_count)} detail="in the line list" />
        <Stat
          label="Equipment cost"
          value={costText(project, data.base_currency)}
          detail={
            <>
              {project.equipment_unpriced > 0 ? `${whole(project.equipment_unpriced)} unpriced` : 'All priced'}
              {/* CAPEX's figure: every price escalated to the estimate date and converted at its rates. */}
              {' · escalated to '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {data.estimate_date}
              </Box>
              {', as CAPEX'}
            </>
          }
        />
      </Box>
    </Box>
  );
}

/** The same figures per area (on the Areas tab). */
export function AreaRollupTable({ data }: { data: ProjectRollups | undefined }) {
  if (!data) return null;
  const currency = data.base_currency;
  return (
    <Box component="section" aria-label="Roll-ups by area" sx={{ mt: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        Roll-ups by area
      </Typography>
      {data.areas.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No areas yet: add the project&apos;s areas above (100 crushing, 200 grinding…), then its equipment,
          instruments and lines.
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table
            size="small"
            aria-label="Roll-ups by area"
            sx={{
              '& td, & th': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', px: 0.75 },
              '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom', lineHeight: 1.25 },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Area</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Equipment</TableCell>
                <TableCell align="right">kW installed / running</TableCell>
                <TableCell align="right">Instruments</TableCell>
                {IO_TYPES.map((type) => (
                  <TableCell
                    key={type}
                    align="right"
                    title={`${type === 'COMMS' ? 'Comms / fieldbus' : type} points of the area's instruments (the strip above adds the project's spare: ${spareRule(data.spare_pct)})`}
                  >
                    {type === 'COMMS' ? 'Comms' : type}
                  </TableCell>
                ))}
                <TableCell align="right">Lines</TableCell>
                <TableCell align="right" title="Cable length with each cable's allowance">
                  Cable m (incl. allowance)
                </TableCell>
                <TableCell align="right">Racking m</TableCell>
                <TableCell align="right" title="Equipment cost in the project's base currency">
                  Cost{currency ? ` ${currency}` : ''}
                </TableCell>
                <TableCell align="right" title="Equipment rows without a price (or without a rate to convert it)">
                  Unpriced
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.areas.map((area) => (
                <TableRow key={area.area_id} sx={area.deleted ? { '& td': { color: 'text.secondary' } } : undefined}>
                  <TableCell
                    sx={{ fontWeight: 600 }}
                    title={
                      area.deleted
                        ? 'A deleted area whose rows are still in the lists: they count in the project figures above'
                        : undefined
                    }
                  >
                    {area.deleted ? deletedLabel(area.areacode) : area.areacode}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 120 }}>{area.description}</TableCell>
                  <TableCell align="right">{whole(area.equipment_count)}</TableCell>
                  <TableCell align="right">
                    {decimalText(area.installed_kw)}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' / '}
                      {decimalText(area.running_kw)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{whole(area.instrument_count)}</TableCell>
                  {IO_TYPES.map((type) => (
                    <TableCell key={type} align="right">
                      {whole(area.io[type] ?? 0)}
                    </TableCell>
                  ))}
                  <TableCell align="right">{whole(area.line_count)}</TableCell>
                  <TableCell align="right">{decimalText(String(sumOf(area.cable_length_m_by_type)), 0)}</TableCell>
                  <TableCell align="right">{decimalText(String(sumOf(area.racking_length_m_by_type)), 0)}</TableCell>
                  <TableCell align="right">
                    {area.equipment_cost_base === null ? '—' : decimalText(area.equipment_cost_base, 0)}
                  </TableCell>
                  <TableCell align="right">{whole(area.equipment_unpriced)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
