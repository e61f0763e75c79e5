import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { CapexGroup, CapexSummary, LangStatus } from '../../lib/capex';
import { groupDecimal } from '../../schemas/display-format';

const amount = (value: string) => groupDecimal(value, 2);
const LANG_STATUS_WORDS: Record<LangStatus, string> = {
  in_line: 'in line',
  outside: 'outside',
  no_plant_type: 'no plant type',
  no_equipment: 'no equipment cost',
};
/** The group's name stays in view while a narrow table scrolls to its last columns (issue #29 item 9). */
const PINNED = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: 170,
  boxShadow: 'inset -1px 0 0 rgba(0, 0, 0, 0.12)',
} as const;
const FIGURE = { whiteSpace: 'nowrap' } as const;

function Card({
  label,
  value,
  note,
  onClick,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  onClick?: () => void;
}) {
  const body = (
    <Paper variant="outlined" sx={{ p: 1.5, height: '100%', width: '100%', textAlign: 'left' }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="div">
          {note}
        </Typography>
      )}
    </Paper>
  );
  return onClick ? (
    <ButtonBase onClick={onClick} aria-label={`${label}: show the tags`} sx={{ display: 'flex', borderRadius: 1 }}>
      {body}
    </ButtonBase>
  ) : (
    body
  );
}

/** The headline figures; the money ones open the tags behind them. */
export function SummaryCards({ summary, onAll }: { summary: CapexSummary; onAll: (title: string) => void }) {
  const { totals, settings, accuracy, lang } = summary;
  const cur = summary.project.base_currency ?? '';
  const money = (value: string) => `${cur} ${amount(value)}`;
  return (
    <Box
      role="region"
      aria-label="CAPEX summary"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))', gap: 1.5 }}
    >
      <Card
        label="Direct equipment"
        value={money(totals.equipment)}
        note={`${summary.tags.length} tags`}
        onClick={() => onAll('All tags: direct equipment')}
      />
      <Card
        label="Installation"
        value={money(totals.installation)}
        note="equipment x factor per category"
        onClick={() => onAll('All tags: installation')}
      />
      <Card
        label="Bulks"
        value={money(totals.bulks)}
        note="equipment x factor per category"
        onClick={() => onAll('All tags: bulks')}
      />
      <Card
        label="Direct field cost"
        value={money(totals.direct_field)}
        onClick={() => onAll('All tags: direct field cost')}
      />
      <Card
        label="Indirects"
        value={money(totals.indirects)}
        note={`EPCM ${settings.epcm_pct} % ${amount(totals.epcm)} · owner's ${settings.owners_pct} % ${amount(totals.owners)}`}
      />
      <Card
        label="Contingency"
        value={money(totals.contingency)}
        note={`${settings.contingency_pct} % of direct field cost + indirects`}
      />
      <Card label="Total installed cost" value={money(totals.tic)} />
      <Card
        label={accuracy ? `Accuracy band (AACE class ${accuracy.estimate_class})` : 'Accuracy band'}
        value={
          accuracy
            ? `${amount(accuracy.low[1]).replace(/\.\d\d$/, '')} – ${amount(accuracy.high[1]).replace(/\.\d\d$/, '')}`
            : 'Set the estimate class'
        }
        note={
          accuracy
            ? `low ${accuracy.low_pct[0]} to ${accuracy.low_pct[1]} %, high +${accuracy.high_pct[0]} to +${accuracy.high_pct[1]} %`
            : undefined
        }
      />
      <Card
        label="Lang factor (TIC / equipment)"
        value={lang.factor === null ? '—' : `${lang.factor} · ${LANG_STATUS_WORDS[lang.status]}`}
        note={lang.verdict}
      />
      <Card
        label="Equipment cost on firm quotes"
        value={summary.firm_share_pct === null ? '—' : `${summary.firm_share_pct} %`}
        onClick={() => onAll('All tags: firm and other bases')}
      />
    </Box>
  );
}

/** Groups (categories, areas, bases) with their figures; a group's name opens its tags. */
export function GroupTable({
  label,
  groups,
  onPick,
}: {
  label: string;
  groups: readonly CapexGroup[];
  onPick: (key: string) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={PINNED}>Group</TableCell>
            {['Tags', 'Equipment', 'Installation', 'Bulks', 'Direct field'].map((name) => (
              <TableCell key={name} align="right" sx={FIGURE}>
                {name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((g) => (
            <TableRow key={g.key}>
              <TableCell sx={PINNED}>
                <Link component="button" onClick={() => onPick(g.key)} sx={{ textAlign: 'left' }}>
                  {g.label}
                </Link>
              </TableCell>
              <TableCell align="right">{g.tags}</TableCell>
              <TableCell align="right" sx={FIGURE}>
                {amount(g.equipment)}
              </TableCell>
              <TableCell align="right" sx={FIGURE}>
                {amount(g.installation)}
              </TableCell>
              <TableCell align="right" sx={FIGURE}>
                {amount(g.bulks)}
              </TableCell>
              <TableCell align="right" sx={FIGURE}>
                {amount(g.direct_field)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
