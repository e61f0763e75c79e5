import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssignmentLateOutlined from '@mui/icons-material/AssignmentLateOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { overdueActionsPath, paths } from '../../app/paths';
import type { DashboardFigures } from '../../lib/dashboard-data';
import { groupDecimal } from '../../schemas/display-format';

// Spec §9: default locale en-US.
const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
// Whole kW read without a trailing '.00' (the exact string from the server, never through a float).
const kw = (value: string) => `${groupDecimal(value.replace(/\.00$/, ''))} kW`;
const money = (value: string, currency: string | null) => `${currency ?? ''} ${groupDecimal(value, 2)}`.trim();

type Card = { title: string; Icon: SvgIconComponent; to: string; value: ReactNode; details: string[]; alert?: boolean };

/** The cards, each a figure the server computed and a link to the screen it comes from. */
function cardsOf(data: DashboardFigures): Card[] {
  const { projects, quotes, packages, proposals, overdue_actions: overdue } = data;
  const open = proposals.open;
  return [
    {
      title: 'Projects',
      Icon: AccountTreeOutlined,
      to: paths.projects,
      value: count(projects.count),
      details: [plural(projects.equipment_count, 'equipment item', 'equipment items')],
    },
    {
      title: 'Installed power',
      Icon: BoltOutlined,
      to: paths.projects,
      value: kw(projects.installed_kw),
      details: [`${kw(projects.running_kw)} running`, 'over all projects, deleted rows left out'],
    },
    {
      title: 'Quotes',
      Icon: RequestQuoteOutlined,
      to: paths.quotesV2,
      value: count(quotes.count),
      details: [
        `${count(quotes.received_last_30_days)} received in the last 30 days`,
        `${count(quotes.expiring_next_30_days)} expiring within 30 days`,
        `${count(quotes.expired)} expired`,
      ],
      alert: quotes.expiring_next_30_days > 0,
    },
    {
      title: 'Packages',
      Icon: Inventory2Outlined,
      to: paths.packages,
      value: count(packages.count),
      details: packages.by_status.filter((s) => s.count > 0).map((s) => `${s.label}: ${count(s.count)}`),
    },
    {
      title: 'Weighted pipeline',
      Icon: TrendingUpOutlined,
      to: paths.proposals,
      // Amounts of different currencies are never added: one line each.
      value:
        open.length === 0
          ? '—'
          : open.map((o) => (
              <Box key={o.currency ?? ''} sx={{ fontSize: open.length > 1 ? '1.05rem' : undefined }}>
                {money(o.weighted_value, o.currency)}
              </Box>
            )),
      details: [
        open.length === 0
          ? 'no open proposals'
          : `${plural(
              open.reduce((n, o) => n + o.count, 0),
              'open proposal',
              'open proposals',
            )} x win probability`,
      ],
    },
    {
      title: 'Overdue actions',
      Icon: AssignmentLateOutlined,
      to: overdueActionsPath,
      value: count(overdue.count),
      details:
        overdue.count === 0
          ? ['none past due']
          : [plural(overdue.owners, 'owner', 'owners'), `oldest due ${overdue.oldest_due ?? ''}`],
      alert: overdue.count > 0,
    },
  ];
}

/** The dashboard's figures as cards; each card opens its screen. */
export function FigureCards({ data }: { data: DashboardFigures }) {
  return (
    <Box
      component="ul"
      aria-label="Figures"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        mb: 2.5,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
      }}
    >
      {cardsOf(data).map(({ title, Icon, to, value, details, alert }) => (
        <Box component="li" key={title} sx={{ display: 'flex' }}>
          <Paper
            component={RouterLink}
            to={to}
            variant="outlined"
            sx={{
              flex: 1,
              p: 1.75,
              display: 'flex',
              gap: 1.5,
              color: 'inherit',
              textDecoration: 'none',
              borderLeft: 3,
              borderLeftColor: alert ? 'warning.main' : 'primary.main',
              '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
            }}
          >
            <Box
              sx={{
                display: 'flex',
                alignSelf: 'flex-start',
                p: 1,
                borderRadius: 1,
                bgcolor: 'rgba(15, 76, 129, 0.08)',
                color: 'primary.main',
              }}
            >
              <Icon />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" noWrap>
                {title}
              </Typography>
              <Typography
                component="div"
                sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
              >
                {value}
              </Typography>
              {details.map((line) => (
                <Typography key={line} variant="caption" color="text.secondary" component="div">
                  {line}
                </Typography>
              ))}
            </Box>
          </Paper>
        </Box>
      ))}
    </Box>
  );
}
