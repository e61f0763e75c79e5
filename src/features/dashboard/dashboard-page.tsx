import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useApi } from '../../app/api/api-client';
import { DASHBOARD_DATA_PATH, type DashboardData } from '../../app/layout/dashboard-data';
import { PageHeader } from '../../app/layout/page-header';
import { CountCards } from './count-cards';
import { RecentActivity } from './recent-activity';

/** Spec §2 dashboard: real counts and the audit trail's recent activity, nothing invented. */
export function DashboardPage() {
  const { data, error, isLoading, mutate } = useApi<DashboardData>(DASHBOARD_DATA_PATH);
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Activity across the workbench, from the audit trail." />
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
          <CountCards counts={data.counts} />
          <RecentActivity entries={data.recentactivityfeed} />
        </>
      )}
    </>
  );
}
