import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { useApi } from '../../app/api/api-client';
import { DASHBOARD_DATA_PATH, type DashboardData } from '../../app/layout/dashboard-data';
import { PageHeader } from '../../app/layout/page-header';
import { FigureCards } from './figure-cards';
import { RecentActivity } from './recent-activity';

// recharts loads after the cards, in a chunk of its own.
const DashboardCharts = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.DashboardCharts })));

/** Spec §2 dashboard: figures the server computed from the live rows, charts of them, and the audit trail's recent activity. */
export function DashboardPage() {
  const { data, error, isLoading, mutate } = useApi<DashboardData>(DASHBOARD_DATA_PATH);
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Figures across the workbench, from the live data and the audit trail." />
      {isLoading && !data && <LinearProgress aria-label="Loading dashboard" sx={{ mb: 2 }} />}
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => void mutate()}>
              Retry
            </Button>
          }
        >
          Could not load the dashboard data: {error.message}
        </Alert>
      )}
      {data && (
        <>
          <FigureCards data={data} />
          <Suspense
            fallback={<Skeleton variant="rounded" height={290} sx={{ mb: 2.5 }} aria-label="Loading the charts" />}
          >
            <DashboardCharts data={data} />
          </Suspense>
          <RecentActivity entries={data.recentactivityfeed} changesLast7Days={data.counts.changesLast7Days} />
        </>
      )}
    </>
  );
}
