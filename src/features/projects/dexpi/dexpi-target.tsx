import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { EntityRow, ListResponse } from '../../../lib/entity-api';
import { apiRoutes, projectRef } from '../../../lib/api-routes';

/**
 * Where a DEXPI file's rows go, asked before the preview: the area new rows go into (their tags and line
 * numbers are made with its code, so it is never guessed silently: with one area it is that one, else the
 * engineer picks it), and the P&ID they are attached to: one of the project's, or the P&ID the file's
 * drawing number names (found in the project, else created from the file).
 */
export type DexpiTarget = { area: number | null; pid: number | 'file' };

type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;
type Area = { id: number; areacode: string; description: string | null };
type Pid = { id: number; drawing_number: string; title: string | null; projarea_id: number | null };

const FROM_FILE = 'file';

/** The project's areas and P&IDs (not deleted), read once when the dialog opens. */
export function useDexpiTargets(
  fetcher: Fetcher,
  projectId: number,
): { areas: Area[]; pids: Pid[]; loading: boolean; problem: string | null } {
  const [state, setState] = useState<{ areas: Area[]; pids: Pid[]; loading: boolean; problem: string | null }>({
    areas: [],
    pids: [],
    loading: true,
    problem: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    const live = [{ field: 'deleteflag', op: 'equals' as const, value: false }];
    const read = (entity: string, sort: string) =>
      fetcher<ListResponse>(
        apiRoutes.documentList(projectRef(projectId), entity, {
          filters: live,
          sort: [{ field: sort, direction: 'asc' }],
          limit: 1000,
        }),
        { signal: controller.signal },
      ).then((page) => page.rows as EntityRow[]);
    Promise.all([read('areas', 'areacode'), read('pids', 'drawing_number')])
      .then(([areas, pids]) =>
        setState({ areas: areas as unknown as Area[], pids: pids as unknown as Pid[], loading: false, problem: null }),
      )
      .catch((caught: unknown) => {
        if (!controller.signal.aborted)
          setState({
            areas: [],
            pids: [],
            loading: false,
            problem: `The project's areas and P&IDs could not be read (${caught instanceof Error ? caught.message : String(caught)}).`,
          });
      });
    return () => controller.abort();
  }, [fetcher, projectId]);
  return state;
}

/** The two choices, side by side; picking a P&ID with an area picks that area when none is chosen yet. */
export function DexpiTargetFields({
  target,
  onChange,
  areas,
  pids,
  problem,
  disabled,
}: {
  target: DexpiTarget;
  onChange: (target: DexpiTarget) => void;
  areas: Area[];
  pids: Pid[];
  problem: string | null;
  disabled: boolean;
}) {
  if (problem) return <Alert severity="error">{problem}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <TextField
        select
        size="small"
        label="Area for new rows"
        required
        value={target.area ?? ''}
        onChange={(event) => onChange({ ...target, area: Number(event.target.value) })}
        disabled={disabled || areas.length === 0}
        helperText={
          areas.length === 0
            ? 'The project has no areas: add one first'
            : 'New tags and line numbers are made with its code; tags already in the project keep theirs'
        }
        sx={{ minWidth: 260 }}
      >
        {areas.map((area) => (
          <MenuItem key={area.id} value={area.id}>
            {area.areacode}
            {area.description ? ` — ${area.description}` : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="P&ID"
        value={target.pid}
        onChange={(event) => {
          const value = event.target.value as string | number;
          const pid = value === FROM_FILE ? FROM_FILE : Number(value);
          const area = pid === FROM_FILE ? null : (pids.find((p) => p.id === pid)?.projarea_id ?? null);
          onChange({ pid, area: target.area ?? area });
        }}
        disabled={disabled}
        helperText="The rows are attached to it"
        sx={{ minWidth: 360 }}
      >
        <MenuItem value={FROM_FILE}>
          The file&apos;s drawing number (its P&amp;ID, created if the project has none)
        </MenuItem>
        {pids.map((pid) => (
          <MenuItem key={pid.id} value={pid.id}>
            {pid.drawing_number}
            {pid.title ? ` — ${pid.title}` : ''}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/** The query naming the choices (?area=<id>&pid=<id>); the file's own P&ID is the server's default. */
export function dexpiTargetQuery(target: DexpiTarget): { area?: number | string; pid?: number | string } {
  return {
    ...(target.area !== null ? { area: target.area } : {}),
    ...(target.pid !== FROM_FILE ? { pid: target.pid } : {}),
  };
}
