import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { useApiFetch } from '../app/api/api-client';
import type { ListResponse, LookupOption } from '../lib/entity-api';
import { documentOf, findEntitySchema } from '../schemas/registry';
import type { LookupField } from '../schemas/schema-types';
import { apiRoutes } from '../lib/api-routes';

type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;

const OPTIONS_LIMIT = 50;

/** Labels already seen, per entity (id -> label), so a row's lookups show their labels at once. */
const knownLabels = new Map<string, Map<number, string>>();
const remember = (entity: string, options: readonly LookupOption[]) => {
  const map = knownLabels.get(entity) ?? new Map<number, string>();
  for (const option of options) map.set(option.id, option.label);
  knownLabels.set(entity, map);
};

function asOptions(body: unknown): LookupOption[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as { options?: unknown }).options ?? (body as { rows?: unknown }).rows)
      : undefined;
  return Array.isArray(list)
    ? (list as LookupOption[])
        .filter((o) => typeof o?.id === 'number')
        .map((o) => ({ id: o.id, label: String(o.label ?? o.id) }))
    : [];
}

/**
 * GET /api/entities/:entity/options?q=&limit= : `scope` (a project id) narrows a target kept per document
 * (areas, P&IDs) to that document's rows, asked under the document (/api/projects/:projectId/entities/…), as
 * the grid's LookupCache does; other targets ignore it.
 */
export async function searchLookupOptions(
  fetcher: Fetcher,
  entity: string,
  q: string,
  signal?: AbortSignal,
  scope?: number,
): Promise<LookupOption[]> {
  const document = documentOf(entity, scope);
  const query = { q, limit: OPTIONS_LIMIT };
  const path = document ? apiRoutes.documentOptions(document, entity, query) : apiRoutes.entityOptions(entity, query);
  const options = asOptions(await fetcher<unknown>(path, { signal }));
  remember(entity, options);
  return options;
}

/** The label of one referenced row: from what was seen, else the list API filtered by id. */
export function useLookupLabel(entity: string, id: unknown): string | undefined {
  const fetcher = useApiFetch();
  const [, setLoaded] = useState(0);
  const label = typeof id === 'number' ? knownLabels.get(entity)?.get(id) : undefined;
  useEffect(() => {
    if (typeof id !== 'number' || label !== undefined) return;
    const target = findEntitySchema(entity);
    if (!target) return;
    const controller = new AbortController();
    fetcher<ListResponse>(
      apiRoutes.entityList(entity, { filters: [{ field: 'id', op: 'equals', value: id }], limit: 1 }),
      {
        signal: controller.signal,
      },
    )
      .then((page) => {
        const row = page.rows[0];
        if (!row) return;
        remember(entity, [{ id: row.id, label: String(row[target.labelField] ?? row.id) }]);
        setLoaded((n) => n + 1);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [entity, id, label, fetcher]);
  return label;
}

export type LookupInputProps = {
  field: LookupField;
  id: string;
  value: unknown;
  onChange: (next: number | null) => void;
  onBlur: () => void;
  label: string;
  error: boolean;
  helperText: string | undefined;
  disabled: boolean;
  readOnly: boolean;
  required: boolean;
  /** The document (project id) the form works in: a target kept per document offers its rows only. */
  scope?: number;
};

/** Type-ahead over GET /api/entities/:target/options?q= ; shows labels, stores the row id. */
export function LookupInput({
  field,
  id,
  value,
  onChange,
  onBlur,
  label,
  error,
  helperText,
  disabled,
  readOnly,
  required,
  scope,
}: LookupInputProps) {
  const fetcher = useApiFetch();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [loading, setLoading] = useState(false);
  const currentLabel = useLookupLabel(field.entity, value);
  const selected = useMemo<LookupOption | null>(
    () => (typeof value === 'number' ? { id: value, label: currentLabel ?? `#${value}` } : null),
    [value, currentLabel],
  );

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    // The query is what the user typed, unless the box just shows the selected row's label.
    const q = selected && input === selected.label ? '' : input;
    const timer = setTimeout(() => {
      setLoading(true);
      searchLookupOptions(fetcher, field.entity, q, controller.signal, scope)
        .then(setOptions)
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, input, selected, fetcher, field.entity, scope]);

  return (
    <Autocomplete<LookupOption, false, false, false>
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      onChange={(_event, option) => {
        if (option) remember(field.entity, [option]);
        onChange(option ? option.id : null);
      }}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      disabled={disabled}
      readOnly={readOnly}
      onBlur={onBlur}
      noOptionsText={input ? `No ${field.label.toLowerCase()} matches "${input}"` : 'No options'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText}
          placeholder={field.placeholder}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-required': required || undefined },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
