import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  HOUSEKEEPING_TASK_LABELS,
  HOUSEKEEPING_TASKS,
  type HousekeepingTask,
  type KeptRows,
  type TaskResults,
} from '../../lib/housekeeping';
import { countText, listsText, taskHelp } from './task-texts';

type Props = {
  tasks: TaskResults | undefined;
  purgeDays: number;
  selected: ReadonlySet<HousekeepingTask>;
  onToggle: (task: HousekeepingTask) => void;
};

function keptText(kept: readonly KeptRows[]): string {
  return kept
    .map(
      (k) =>
        `${k.count.toLocaleString('en-US')} ${k.label} (${k.examples.join(', ')}${k.count > k.examples.length ? ', …' : ''}): ${k.reason}`,
    )
    .join('; ');
}

/** Each task with its dry-run count, what it would touch, and a box to choose it. */
export function HousekeepingTasksPanel({ tasks, purgeDays, selected, onToggle }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="housekeeping-tasks" sx={{ p: 2 }}>
      <Typography id="housekeeping-tasks" variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
        Tasks
      </Typography>
      {HOUSEKEEPING_TASKS.map((task) => {
        const label = HOUSEKEEPING_TASK_LABELS[task];
        const plan = task === 'purgeSoftDeleted' || task === 'deleteTestData' ? tasks?.[task] : undefined;
        const lists = task === 'recomputeDerived' ? tasks?.recomputeDerived.lists : plan?.lists;
        return (
          <Box
            key={task}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 1, borderTop: 1, borderColor: 'divider' }}
            data-task={task}
          >
            <Checkbox
              checked={selected.has(task)}
              onChange={() => onToggle(task)}
              disabled={!tasks}
              slotProps={{ input: { 'aria-label': label } }}
              sx={{ mt: -0.75 }}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                {tasks ? (
                  <Typography
                    aria-label={`${label} count`}
                    color={countOf(task, tasks) > 0 ? 'warning.dark' : 'text.secondary'}
                    sx={{ fontWeight: 600 }}
                  >
                    {countText(task, tasks)}
                  </Typography>
                ) : (
                  <Skeleton width={120} />
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {taskHelp(task, purgeDays)}
              </Typography>
              {lists && lists.length > 0 && <Typography variant="body2">{listsText(lists)}</Typography>}
              {plan && plan.kept.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  Kept: {keptText(plan.kept)}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}

export function countOf(task: HousekeepingTask, tasks: TaskResults): number {
  return tasks[task].count;
}
