import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { EntitySchema } from '../schemas/schema-types';
import type { Conflict } from './save-batch';

export type ConflictChoice = 'mine' | 'theirs';

type Props = {
  schema: EntitySchema;
  conflicts: Conflict[] | null;
  /** The label of a row as the user knows it (from the loaded row). */
  rowLabel: (key: string) => string;
  onResolve: (choices: Map<string, ConflictChoice>) => void;
  onCancel: () => void;
};

/**
 * 409 on save: someone else changed (or deleted) rows I changed. Per row (or for all): keep mine
 * (rebase my changes onto their version and save again) or take theirs (drop my changes).
 * A row deleted by someone else can only be taken as theirs.
 */
export function ConflictDialog({ schema, conflicts, rowLabel, onResolve, onCancel }: Props) {
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  if (!conflicts) return null;
  const choiceOf = (c: Conflict): ConflictChoice => (c.current ? (choices[c.key] ?? 'mine') : 'theirs');
  const resolve = (all?: ConflictChoice) => {
    const result = new Map(conflicts.map((c) => [c.key, c.current ? (all ?? choiceOf(c)) : 'theirs'] as const));
    setChoices({});
    onResolve(result);
  };
  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth aria-labelledby="tb-conflict-title">
      <DialogTitle id="tb-conflict-title">Someone else changed {conflicts.length === 1 ? 'this row' : `${conflicts.length} rows`}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          These {schema.labelPlural.toLowerCase()} were changed or deleted by another user after you loaded them. Nothing was saved.
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{schema.label}</TableCell>
              <TableCell>What happened</TableCell>
              <TableCell>Resolve</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {conflicts.map((c) => (
              <TableRow key={c.key}>
                <TableCell>{rowLabel(c.key)}</TableCell>
                <TableCell>{c.current ? `Changed by ${c.current.updated_by} (version ${c.current.version})` : 'Deleted'}</TableCell>
                <TableCell>
                  <RadioGroup row value={choiceOf(c)} onChange={(e) => setChoices((s) => ({ ...s, [c.key]: e.target.value as ConflictChoice }))}>
                    <FormControlLabel value="mine" control={<Radio size="small" />} label="Keep mine" disabled={!c.current} />
                    <FormControlLabel value="theirs" control={<Radio size="small" />} label="Take theirs" />
                  </RadioGroup>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Decide later</Button>
        <Button onClick={() => resolve('theirs')}>Take theirs for all</Button>
        <Button onClick={() => resolve('mine')}>Keep mine for all</Button>
        <Button variant="contained" onClick={() => resolve()}>
          Apply and save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
