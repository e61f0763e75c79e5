import useSWR from 'swr';
import { useApiFetch, type ApiError } from '../../app/api/api-client';
import type {
  DryRunAnswer,
  HistoryAnswer,
  HousekeepingParams,
  HousekeepingTask,
  RunAnswer,
} from '../../lib/housekeeping';
import { apiRoutes } from '../../lib/api-routes';

/** POST /api/housekeeping with the spec's envelope. */
export function useHousekeepingCall() {
  const apiFetch = useApiFetch();
  return <T>(param1: string, param2?: object) =>
    apiFetch<T>(apiRoutes.housekeeping(), {
      method: 'POST',
      body: JSON.stringify(param2 ? { param1, param2 } : { param1 }),
    });
}

/** The dry run for `params` (skipped while null: not an admin, or parameters being typed are invalid). */
export function useDryRun(params: HousekeepingParams | null) {
  const call = useHousekeepingCall();
  return useSWR<DryRunAnswer, ApiError>(
    params ? ['housekeeping-dry-run', params.purgeOlderThanDays, params.staleRateDays] : null,
    () => call<DryRunAnswer>('dryRun', params!),
    { revalidateOnFocus: false },
  );
}

export function useRunHistory(enabled: boolean) {
  const call = useHousekeepingCall();
  return useSWR<HistoryAnswer, ApiError>(
    enabled ? 'housekeeping-history' : null,
    () => call<HistoryAnswer>('history'),
    { revalidateOnFocus: false },
  );
}

export function useRunTasks() {
  const call = useHousekeepingCall();
  return (params: HousekeepingParams, tasks: HousekeepingTask[]) => call<RunAnswer>('run', { ...params, tasks });
}
