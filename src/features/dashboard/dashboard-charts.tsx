import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardFigures } from '../../lib/dashboard-data';
import { PROPOSAL_STATUSES } from '../../schemas/entities/proposals';

/**
 * The dashboard's charts (recharts, ~100 KB gzipped): a lazy chunk of their own (dashboard-page.tsx), so
 * the cards show first and neither the landing page nor the other workbench screens load them.
 */
const PRIMARY = '#0f4c81';
const SECONDARY = '#f5b82e';
const HEIGHT = 240;

function ChartPanel({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const id = `chart-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 1.5, minWidth: 0 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary" sx={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
          Nothing to chart yet.
        </Typography>
      ) : (
        <Box sx={{ height: HEIGHT }}>
          <ResponsiveContainer width="100%" height="100%">
            {children as React.ReactElement}
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}

const statusLabel = (status: string) => PROPOSAL_STATUSES.find((s) => s.value === status)?.label ?? status;
const shortName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

export function DashboardCharts({ data }: { data: DashboardFigures }) {
  const packages = data.packages.by_status.map((s) => ({ name: s.label, count: s.count }));
  const proposals = data.proposals.by_status.map((s) => ({ name: statusLabel(s.status), count: s.count }));
  // Decimals arrive as exact strings; a chart's bar height may be a float.
  // The tooltip names each project's equipment cost: the header's and CAPEX's figure (one pricing rule).
  const cost = (p: (typeof data.projects.by_project)[number]) =>
    `equipment ${p.base_currency ?? ''} ${Number(p.equipment_cost_base).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${p.equipment_unpriced ? `, ${p.equipment_unpriced} unpriced` : ''}`;
  const power = data.projects.by_project.map((p) => ({
    name: shortName(p.name),
    fullName: `${p.name} · ${cost(p)}`,
    installed: Number(p.installed_kw),
    running: Number(p.running_kw),
  }));
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr 1.4fr' } }}>
      <ChartPanel title="Packages by status" empty={data.packages.count === 0}>
        <BarChart data={packages} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} angle={-30} textAnchor="end" height={56} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="count" name="Packages" fill={PRIMARY} isAnimationActive={false} />
        </BarChart>
      </ChartPanel>
      <ChartPanel title="Proposals by status" empty={proposals.every((p) => p.count === 0)}>
        <BarChart data={proposals} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} angle={-30} textAnchor="end" height={56} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="count" name="Proposals" fill={PRIMARY} isAnimationActive={false} />
        </BarChart>
      </ChartPanel>
      <ChartPanel title="Installed vs running kW per project" empty={power.length === 0}>
        <BarChart data={power} margin={{ top: 4, right: 8, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} angle={-30} textAnchor="end" height={56} />
          <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => v.toLocaleString('en-US')} />
          <Tooltip
            labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.fullName ?? _label)}
            formatter={(v) => `${Number(v).toLocaleString('en-US')} kW`}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="installed" name="Installed kW" fill={PRIMARY} isAnimationActive={false} />
          <Bar dataKey="running" name="Running kW" fill={SECONDARY} isAnimationActive={false} />
        </BarChart>
      </ChartPanel>
    </Box>
  );
}
