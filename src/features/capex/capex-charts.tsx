import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { CapexGroup, CapexSummary, PriceSpread } from '../../lib/capex';
import { WrappedTick } from './axis-label';

/**
 * The CAPEX charts (recharts, field guide §14): cost by category and by area (equipment, installation and
 * bulks stacked), the price basis of the equipment cost, and the quote price spread per item type. This
 * module is loaded lazily (capex-page.tsx), so recharts stays out of the landing bundle. Clicking a bar or
 * a slice drills down to its tags, as the tables do.
 */

const COLORS = { equipment: '#1565c0', installation: '#ef6c00', bulks: '#2e7d32' };
const BASIS_COLORS: Record<string, string> = {
  firm: '#2e7d32',
  budget: '#1565c0',
  factored: '#ef6c00',
  allowance: '#8e24aa',
  estimate: '#00838f',
  unpriced: '#9e9e9e',
};
const millions = (value: number) => `${(value / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} M`;
const money = (value: unknown) =>
  Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function ChartCard({ title, label, children }: { title: string; label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="figure" aria-label={label}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ width: '100%', height: 300 }}>{children}</Box>
    </Paper>
  );
}

const stackOf = (groups: readonly CapexGroup[]) =>
  groups.map((g) => ({
    key: g.key,
    name: g.label,
    equipment: Number(g.equipment),
    installation: Number(g.installation),
    bulks: Number(g.bulks),
  }));

function StackedCost({
  groups,
  onPick,
  currency,
}: {
  groups: readonly CapexGroup[];
  onPick: (key: string) => void;
  currency: string;
}) {
  return (
    <ResponsiveContainer>
      <BarChart
        data={stackOf(groups)}
        margin={{ left: 12, right: 12 }}
        onClick={(state) =>
          state?.activeLabel !== undefined && onPick(groups.find((g) => g.label === state.activeLabel)?.key ?? '')
        }
      >
        <CartesianGrid strokeDasharray="3 3" />
        {/* Names wrapped to their bar's width, cut with '…' past three lines, the whole name on hover (axis-label.tsx). */}
        <XAxis dataKey="name" interval={0} tick={<WrappedTick />} height={60} />
        <YAxis tickFormatter={millions} width={70} />
        <Tooltip formatter={(value) => `${currency} ${money(value)}`} />
        <Legend />
        {(['equipment', 'installation', 'bulks'] as const).map((part) => (
          <Bar
            key={part}
            dataKey={part}
            name={part[0]!.toUpperCase() + part.slice(1)}
            stackId="cost"
            fill={COLORS[part]}
            cursor="pointer"
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export default function CapexCharts({
  summary,
  categories,
  spread,
  onPickCategory,
  onPickArea,
  onPickBasis,
}: {
  summary: CapexSummary;
  categories: readonly CapexGroup[];
  spread: readonly PriceSpread[] | undefined;
  onPickCategory: (key: string) => void;
  onPickArea: (key: string) => void;
  onPickBasis: (key: string) => void;
}) {
  const currency = summary.project.base_currency ?? '';
  const basis = summary.by_basis
    .filter((g) => Number(g.equipment) > 0)
    .map((g) => ({ key: g.key, name: g.label, value: Number(g.equipment) }));
  // One bar group per category AND size band (the server's grouping), so an idler set never shares a bar with a conveyor.
  const spreadData = (spread ?? []).map((row) => ({
    name: row.label,
    min: Number(row.min),
    median: Number(row.median),
    max: Number(row.max),
    count: row.count,
  }));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <ChartCard title={`CAPEX by category (${currency})`} label="CAPEX by category chart">
        <StackedCost groups={categories} onPick={onPickCategory} currency={currency} />
      </ChartCard>
      <ChartCard title={`CAPEX by area (${currency})`} label="CAPEX by area chart">
        <StackedCost groups={summary.by_area} onPick={onPickArea} currency={currency} />
      </ChartCard>
      <ChartCard title="Price basis of the equipment cost" label="Price basis chart">
        <ResponsiveContainer>
          <PieChart>
            <Pie
              data={basis}
              dataKey="value"
              nameKey="name"
              outerRadius={100}
              label={({ name, percent }) => `${name} ${((percent ?? 0) * 100).toFixed(0)} %`}
              onClick={(entry) => onPickBasis((entry as { key?: string }).key ?? '')}
              cursor="pointer"
            >
              {basis.map((entry) => (
                <Cell key={entry.key} fill={BASIS_COLORS[entry.key] ?? '#757575'} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => `${currency} ${money(value)}`} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title={`Quote price spread per item type and size band (${currency} at each quote's frozen rate, as quoted: not escalated; valid quote lines)`}
        label="Quote price spread chart"
      >
        {spreadData.length === 0 ? (
          <Typography color="text.secondary">No valid quote line prices an item type of this project yet.</Typography>
        ) : (
          <ResponsiveContainer>
            <BarChart data={spreadData} margin={{ left: 12, right: 12 }}>
              <CartesianGrid strokeDasharray="3 3" />
              {/* 'Slurry pumps, 300-1,000 kW': rotated, so neighbouring groups' names never overprint. */}
              <XAxis dataKey="name" interval={0} tick={{ fontSize: 10 }} angle={-25} textAnchor="end" height={90} />
              <YAxis tickFormatter={millions} width={70} />
              <Tooltip formatter={(value) => `${currency} ${money(value)}`} />
              <Legend />
              <Bar dataKey="min" name="Min" fill="#90caf9" />
              <Bar dataKey="median" name="Median" fill="#1565c0" />
              <Bar dataKey="max" name="Max" fill="#0d47a1" />
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
    </Box>
  );
}
