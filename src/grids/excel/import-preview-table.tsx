import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useMemo, useRef, useState } from 'react';
import type { ImportRowPlan } from '../../lib/entity-api';
import type { EntitySchema, FieldDef } from '../../schemas/schema-types';
import { oneLine } from '../../schemas/validators';
import { formatValue } from '../../schemas/display-format';
import { cellDisplayText, ROW_ERROR, type ImportRow } from './import-rows';
import type { LookupLabels } from './lookup-index';

const PAGE_SIZES = [25, 50, 100];
const NOT_APPLIED_REASON = 'Changed in the file, not applied: this mode only adds new rows';

export type ImportPreviewTableProps = {
  schema: EntitySchema;
  /** The mapped fields, in the file's column order. */
  fields: readonly string[];
  rows: readonly ImportRow[];
  serverErrors: ReadonlyMap<number, Record<string, string>>;
  plan: ReadonlyMap<number, ImportRowPlan>;
  /** True while the plan is being fetched. */
  planning: boolean;
  /** Lookup labels by entity, to show the stored values a blank cell will clear. */
  labels: LookupLabels;
  /** Warnings per row (field -> message): amber, and importing accepts them. */
  warnings?: ReadonlyMap<number, Record<string, string>>;
  /**
   * Rows to update compared with the stored rows: field -> stored value of each cell the file changes
   * (an empty object: the row already holds the file's values, so it is unchanged).
   */
  changes?: ReadonlyMap<number, Record<string, unknown>>;
  readOnly?: boolean;
  onEditCell: (index: number, field: string, text: string) => void;
};

/** Errors of a row: the browser's checks, then the server's (dry run or refused commit). */
export function rowErrorsOf(
  row: ImportRow,
  serverErrors: ReadonlyMap<number, Record<string, string>>,
): Record<string, string> {
  const server = serverErrors.get(row.index);
  return server ? { ...server, ...row.errors } : row.errors;
}

/**
 * The import preview: one page of rows at a time (50,000 rows never render at once), every invalid
 * cell red with its message, the planned action per row; click a cell to retype its value.
 */
const NO_MESSAGES: Record<string, string> = {};

export function ImportPreviewTable({
  schema,
  fields,
  rows,
  serverErrors,
  plan,
  planning,
  labels,
  warnings,
  changes,
  readOnly,
  onEditCell,
}: ImportPreviewTableProps) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [editing, setEditing] = useState<{ index: number; field: string } | null>(null);
  const defs = useMemo(
    () =>
      fields.map((name) => schema.fields.find((f) => f.name === name)).filter((f): f is FieldDef => f !== undefined),
    [schema, fields],
  );

  const visible = useMemo(
    () => (onlyErrors ? rows.filter((row) => Object.keys(rowErrorsOf(row, serverErrors)).length > 0) : rows),
    [rows, serverErrors, onlyErrors],
  );
  const lastPage = Math.max(0, Math.ceil(visible.length / pageSize) - 1);
  const currentPage = Math.min(page, lastPage);
  const pageRows = visible.slice(currentPage * pageSize, currentPage * pageSize + pageSize);

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={onlyErrors}
            onChange={(event) => {
              setOnlyErrors(event.target.checked);
              setPage(0);
            }}
          />
        }
        label="Only rows with errors"
      />
      <TableContainer sx={{ maxHeight: '55vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Import preview">
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>Row</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>Action</TableCell>
              {defs.map((field) => (
                <TableCell
                  key={field.name}
                  sx={{ whiteSpace: 'nowrap', minWidth: Math.min(field.grid?.width ?? 140, 260) }}
                >
                  {field.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row) => (
              <PreviewRow
                key={row.index}
                row={row}
                defs={defs}
                errors={rowErrorsOf(row, serverErrors)}
                step={plan.get(row.index)}
                warnings={warnings?.get(row.index) ?? NO_MESSAGES}
                changed={changes?.get(row.index)}
                labels={labels}
                planning={planning}
                editingField={editing?.index === row.index ? editing.field : null}
                readOnly={readOnly}
                onStartEdit={(field) => setEditing({ index: row.index, field })}
                onFinishEdit={(field, text) => {
                  setEditing(null);
                  if (text !== undefined && text !== cellDisplayText(row, field)) onEditCell(row.index, field, text);
                }}
              />
            ))}
            {pageRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={defs.length + 2}>
                  <Typography variant="body2" color="text.secondary">
                    {onlyErrors ? 'No rows with errors.' : 'The file has no data rows.'}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={visible.length}
        page={currentPage}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}

type PreviewRowProps = {
  row: ImportRow;
  defs: readonly FieldDef[];
  errors: Record<string, string>;
  step: ImportRowPlan | undefined;
  warnings: Record<string, string>;
  changed: Record<string, unknown> | undefined;
  planning: boolean;
  labels: LookupLabels;
  editingField: string | null;
  readOnly: boolean | undefined;
  onStartEdit: (field: string) => void;
  onFinishEdit: (field: string, text: string | undefined) => void;
};

const PreviewRow = memo(function PreviewRow({
  row,
  defs,
  errors,
  step,
  warnings,
  changed,
  planning,
  labels,
  editingField,
  readOnly,
  onStartEdit,
  onFinishEdit,
}: PreviewRowProps) {
  const mapped = new Set(defs.map((f) => f.name));
  const outside = (messages: Record<string, string>) =>
    Object.entries(messages)
      .filter(([field]) => !mapped.has(field))
      .map(([field, message]) => (field === ROW_ERROR ? message : `${field}: ${message}`));
  const rowMessages = outside(errors);
  const invalid = Object.keys(errors).length > 0;
  const warned = !invalid && Object.keys(warnings).length > 0;
  const rowWarnings = warned ? outside(warnings) : [];
  // A row to update that already holds every value of the file is not written.
  const unchanged = step?.action === 'update' && changed !== undefined && Object.keys(changed).length === 0;
  // A row the mode skips (0: its key is there) although the file changes it: said, so an edit is never dropped unseen.
  const notApplied = step?.action === 'skip' && changed !== undefined && Object.keys(changed).length > 0;
  const shownStep = unchanged
    ? { ...step, action: 'unchanged' as const }
    : notApplied
      ? { ...step, reason: NOT_APPLIED_REASON }
      : step;
  return (
    <TableRow
      hover
      data-row-number={row.rowNumber}
      aria-invalid={invalid || undefined}
      data-warning={warned || undefined}
    >
      <TableCell sx={{ color: 'text.secondary', verticalAlign: 'top' }}>{row.rowNumber}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', minWidth: 90, verticalAlign: 'top' }}>
        <ActionLabel invalid={invalid} step={shownStep} planning={planning} />
        {warned && (
          <Typography variant="caption" color="warning.dark" component="div" sx={{ fontWeight: 600 }}>
            Warning
          </Typography>
        )}
        {rowMessages.map((message) => (
          <Typography key={message} variant="caption" color="error" component="div">
            {message}
          </Typography>
        ))}
        {rowWarnings.map((message) => (
          <Typography key={message} variant="caption" color="warning.dark" component="div">
            {message}
          </Typography>
        ))}
      </TableCell>
      {defs.map((field) => {
        const message = errors[field.name];
        const warning = message ? undefined : warnings[field.name];
        const text = cellDisplayText(row, field.name);
        const cleared =
          text === '' && step?.clears && field.name in step.clears
            ? clearedText(field, step.clears[field.name], labels)
            : undefined;
        const was =
          !message && cleared === undefined && changed && field.name in changed
            ? clearedText(field, changed[field.name], labels)
            : undefined;
        return (
          <TableCell
            key={field.name}
            data-field={field.name}
            aria-invalid={message ? true : undefined}
            data-warning={warning ? true : undefined}
            data-changed={was !== undefined || undefined}
            title={
              message ??
              warning ??
              (was !== undefined
                ? notApplied
                  ? `Not applied in this mode: the stored ${was || '(blank)'} stays`
                  : `Stored now: ${was || '(blank)'}`
                : undefined)
            }
            onClick={readOnly || editingField === field.name ? undefined : () => onStartEdit(field.name)}
            sx={{
              verticalAlign: 'top',
              cursor: readOnly ? 'default' : 'text',
              ...(message
                ? { bgcolor: 'rgba(211, 47, 47, 0.12)', boxShadow: 'inset 0 0 0 1px rgba(211, 47, 47, 0.7)' }
                : {}),
              ...(warning
                ? { bgcolor: 'rgba(237, 108, 2, 0.12)', boxShadow: 'inset 0 0 0 1px rgba(237, 108, 2, 0.7)' }
                : {}),
              ...(was !== undefined && !warning ? { bgcolor: 'rgba(25, 118, 210, 0.08)' } : {}),
            }}
          >
            {editingField === field.name ? (
              <CellEditor
                label={`Row ${row.rowNumber} ${field.label}`}
                initial={text}
                onDone={(value) => onFinishEdit(field.name, value)}
              />
            ) : (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', minHeight: '1.4em' }}>
                {/* The file's text, but one-line text on one line, as it will be stored. */}
                {field.kind === 'text' ? oneLine(text) : text}
              </Typography>
            )}
            {cleared !== undefined && editingField !== field.name && (
              <Typography
                variant="caption"
                color="warning.dark"
                component="div"
                data-cleared
                title="The file's cell is blank: importing clears the stored value"
              >
                clears <s>{cleared}</s>
              </Typography>
            )}
            {was !== undefined && editingField !== field.name && (
              <Typography
                variant="caption"
                color={notApplied ? 'warning.dark' : 'text.secondary'}
                component="div"
                data-old-value
              >
                {notApplied ? (
                  `stays ${was || '(blank)'}`
                ) : (
                  <>
                    was <s>{was || '(blank)'}</s>
                  </>
                )}
              </Typography>
            )}
            {message && (
              <Typography variant="caption" color="error" component="div">
                {message}
              </Typography>
            )}
            {warning && (
              <Typography variant="caption" color="warning.dark" component="div">
                {warning}
              </Typography>
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
});

function ActionLabel({
  invalid,
  step,
  planning,
}: {
  invalid: boolean;
  step: ImportRowPlan | undefined;
  planning: boolean;
}) {
  if (invalid)
    return (
      <Typography variant="body2" color="error">
        Fix errors
      </Typography>
    );
  if (!step)
    return (
      <Typography variant="body2" color="text.secondary">
        {planning ? 'Checking…' : '—'}
      </Typography>
    );
  const text = { add: 'Add', update: 'Update', unchanged: 'Unchanged', skip: 'Skip', restore: 'Restore' }[step.action];
  return (
    <Typography
      variant="body2"
      color={step.action === 'skip' || step.action === 'unchanged' ? 'text.secondary' : 'text.primary'}
      title={step.reason}
    >
      {text}
      {step.reason && (
        <Typography variant="caption" color="text.secondary" component="div">
          {step.reason}
        </Typography>
      )}
    </Typography>
  );
}

/** A stored value a blank cell will clear, as people know it (a lookup by its label). */
function clearedText(field: FieldDef, value: unknown, labels: LookupLabels): string {
  if (field.kind === 'lookup' && typeof value === 'number') return labels[field.entity]?.get(value) ?? `#${value}`;
  return formatValue(field, value);
}

/** Inline editor of one preview cell: Enter or leaving keeps the text, Escape cancels. */
function CellEditor({
  label,
  initial,
  onDone,
}: {
  label: string;
  initial: string;
  onDone: (text: string | undefined) => void;
}) {
  const [text, setText] = useState(initial);
  const finished = useRef(false);
  const finish = (value: string | undefined) => {
    if (finished.current) return;
    finished.current = true;
    onDone(value);
  };
  return (
    <TextField
      size="small"
      autoFocus
      fullWidth
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => finish(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(text);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(undefined);
        }
      }}
      slotProps={{ htmlInput: { 'aria-label': label } }}
    />
  );
}
