import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UpdateOutlined from '@mui/icons-material/UpdateOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SvgIconComponent } from '@mui/icons-material';
import Typography from '@mui/material/Typography';
import type { DashboardCounts } from '../../app/layout/dashboard-data';

const CARDS: { key: keyof DashboardCounts; label: string; Icon: SvgIconComponent }[] = [
  { key: 'projects', label: 'Projects', Icon: AccountTreeOutlined },
  { key: 'users', label: 'Users', Icon: GroupOutlined },
  { key: 'auditEntries', label: 'Audit entries', Icon: HistoryOutlined },
  { key: 'changesLast7Days', label: 'Changes in the last 7 days', Icon: UpdateOutlined },
];

// Spec §9: default locale en-US.
const numberFormat = new Intl.NumberFormat('en-US');

// A count the server did not send shows as a dash rather than a made-up zero.
const formatCount = (value: number | undefined) => (typeof value === 'number' ? numberFormat.format(value) : '—');

export function CountCards({ counts }: { counts: Partial<DashboardCounts> | undefined }) {
  return (
    <Box
      component="ul"
      aria-label="Counts"
      sx={{ listStyle: 'none', m: 0, p: 0, mb: 2.5, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}
    >
      {CARDS.map(({ key, label, Icon }) => (
        <Paper
          key={key}
          component="li"
          variant="outlined"
          aria-label={`${label}: ${formatCount(counts?.[key])}`}
          sx={{ p: 1.75, display: 'flex', alignItems: 'center', gap: 1.5, borderLeft: 3, borderLeftColor: 'primary.main' }}
        >
          <Box sx={{ display: 'flex', p: 1, borderRadius: 1, bgcolor: 'rgba(15, 76, 129, 0.08)', color: 'primary.main' }}>
            <Icon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {label}
            </Typography>
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(counts?.[key])}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
