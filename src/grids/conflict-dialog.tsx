import {
  alpha,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  type Theme,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { sameFieldValue } from '../schemas/same-value';
import type { EntityRow, EntitySchema, FieldDef } from '../schemas/schema-types';
import { headerName } from '../schemas/display-format';
import type { Conflict } from './save-batch';

export type ConflictChoice = 'mine' | 'theirs';

/** What the user holds for a conflicting row: the row as loaded, their pending edits, a pending delete. */
export type MyVersion = { loaded: EntityRow | undefined; edits: Record<string, unknown>; deleting: boolean };

type Props = {
  schema: EntitySchema;
  conflicts: Conflict[] | null;
  /** The label of a row as the user knows it (from the loaded row). */
  rowLabel: (key: string) => string;
  mine: (key: string) => MyVersion;
  /** A value as the grid shows it (lookup labels, money with its row's currency). */
  display: (field: FieldDef, value: unknown, row: Record<string, unknown> | undefined) => string;
  onResolve: (choices: Map<string, ConflictChoice>) => void;
  onCancel: () => void;
  /**
   * Who saved the rows, when the choice is offered as their save arrives (live changes) rather than at a
   * refused Save: nothing is saved by choosing; keep mine leaves the user's edits pending on their version.
   */
  offeredBy?: string | null;
};

type FieldDiff = {
  field: FieldDef;
  loaded: unknown;
  theirs: unknown;
  mine: unknown;
  iChanged: boolean;
  theyChanged: boolean;
};

/** The fields that differ for one row: those I edited and those they changed since I loaded it. */
function fieldDiffs(schema: EntitySchema, current: EntityRow, my: MyVersion): FieldDiff[] {
  return schema.fields.flatMap((field) => {
    const loaded = my.loaded?.[field.name];
    const iChanged = field.name in my.edits;
    const theyChanged = !sameFieldValue(field, loaded, current[field.name]);
    if (!iChanged && !theyChanged) return [];
    return [
      {
        field,
        loaded,
        theirs: current[field.name],
        mine: iChanged ? my.edits[field.name] : loaded,
        iChanged,
        theyChanged,
      },
    ];
  });
}

const clash = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.2), fontWeight: 600 };
const quiet = { color: 'text.secondary', fontStyle: 'italic' };

/** A quoted value; an empty one says so instead of leaving a gap. */
function Value({ text }: { text: string }) {
  return text === '' ? (
    <Box component="span" sx={quiet}>
      (blank)
    </Box>
  ) : (
    <>{text}</>
  );
}

/**
 * 409 on save: someone else changed (or deleted) rows I changed. Each row shows, column by column, the
 * value I loaded, theirs now and mine, with the columns we both changed highlighted. Per row (or for all):
 * keep mine (my edits go onto their version, their other changes stay, and it saves again) or take theirs
 * (my changes to the row are dropped). A row deleted by someone else can only be taken as theirs.
 */
export function ConflictDialog({ schema, conflicts, rowLabel, mine, display, onResolve, onCancel, offeredBy }: Props) {
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  if (!conflicts) return null;
  const choiceOf = (c: Conflict): ConflictChoice => (c.current ? (choices[c.key] ?? 'mine') : 'theirs');
  const resolve = (all?: ConflictChoice) => {
    const result = new Map(conflicts.map((c) => [c.key, c.current ? (all ?? choiceOf(c)) : 'theirs'] as const));
    setChoices({});
    onResolve(result);
  };
  return (
    <Dialog open onClose={onCancel} maxWidth="lg" fullWidth aria-labelledby="tb-conflict-title">
      <DialogTitle id="tb-conflict-title">
        {offeredBy ?? 'Someone else'} changed {conflicts.length === 1 ? 'this row' : `${conflicts.length} rows`}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {offeredBy ? (
            <>
              {offeredBy} just saved {conflicts.length === 1 ? 'a row' : 'rows'} you are editing. Keep mine puts your
              values over theirs (their changes to other columns stay) and leaves them to your Save; take theirs drops
              your changes to the row. Decide later: the row stays marked and Save offers the same choice.
            </>
          ) : (
            <>
              These {schema.labelPlural.toLowerCase()} were changed or deleted by another user after you loaded them.
              Nothing was saved. Keep mine saves your values over theirs (their changes to other columns stay); take
              theirs drops your changes to the row. Columns you both changed are highlighted.
            </>
          )}
        </Typography>
        <Table size="small" aria-label="Conflicting rows">
          <TableHead>
            <TableRow>
              <TableCell>{schema.label}</TableCell>
              <TableCell>What happened</TableCell>
              <TableCell>Resolve</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {conflicts.map((c) => {
              const my = mine(c.key);
              return (
                <Fragment key={c.key}>
                  <TableRow data-conflict-row={c.key}>
                    <TableCell sx={{ fontWeight: 600 }}>{rowLabel(c.key)}</TableCell>
                    <TableCell>
                      {c.current
                        ? `Changed by ${c.current.updated_by} (version ${c.current.version})`
                        : 'Deleted by someone else'}
                    </TableCell>
                    <TableCell>
                      <RadioGroup
                        row
                        value={choiceOf(c)}
                        onChange={(e) => setChoices((s) => ({ ...s, [c.key]: e.target.value as ConflictChoice }))}
                        aria-label={`Resolve ${rowLabel(c.key)}`}
                      >
                        <FormControlLabel
                          value="mine"
                          control={<Radio size="small" />}
                          label="Keep mine"
                          disabled={!c.current}
                        />
                        <FormControlLabel value="theirs" control={<Radio size="small" />} label="Take theirs" />
                      </RadioGroup>
                    </TableCell>
                  </TableRow>
                  {c.current && (
                    <TableRow>
                      <TableCell colSpan={3} sx={{ pt: 0 }}>
                        <RowDiff schema={schema} current={c.current} my={my} display={display} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Decide later</Button>
        <Button onClick={() => resolve('theirs')}>Take theirs for all</Button>
        <Button onClick={() => resolve('mine')}>Keep mine for all</Button>
        <Button variant="contained" onClick={() => resolve()}>
          {offeredBy ? 'Apply' : 'Apply and save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RowDiff({
  schema,
  current,
  my,
  display,
}: {
  schema: EntitySchema;
  current: EntityRow;
  my: MyVersion;
  display: Props['display'];
}) {
  if (my.deleting)
    return (
      <Typography variant="body2">You are deleting this row; they changed it. Keep mine deletes it anyway.</Typography>
    );
  const myRow = { ...(my.loaded ?? {}), ...my.edits };
  return (
    <Box sx={{ pl: 2 }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Column</TableCell>
            <TableCell>When you loaded it</TableCell>
            <TableCell>Theirs now</TableCell>
            <TableCell>Yours</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fieldDiffs(schema, current, my).map((d) => {
            const both = d.iChanged && d.theyChanged && !sameFieldValue(d.field, d.mine, d.theirs);
            return (
              <TableRow key={d.field.name} data-field={d.field.name}>
                <TableCell>{headerName(d.field)}</TableCell>
                <TableCell>
                  <Value text={display(d.field, d.loaded, my.loaded)} />
                </TableCell>
                <TableCell sx={both ? clash : undefined}>
                  {d.theyChanged ? (
                    <Value text={display(d.field, d.theirs, current)} />
                  ) : (
                    <Box component="span" sx={quiet}>
                      (not changed)
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={both ? clash : undefined}>
                  {d.iChanged ? (
                    <Value text={display(d.field, d.mine, myRow)} />
                  ) : (
                    <Box component="span" sx={quiet}>
                      (not changed)
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
