import { Box, Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useGridFilter, type CustomFilterProps } from 'ag-grid-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldDef } from '../schemas/schema-types';
import type { LookupCache } from './lookup-cache';
import type { SetFilterModel } from './server-query';

const MAX_LIST_HEIGHT = 320;
/** About three choices: below that the list is no use, and the grid is too short to filter in anyway. */
const MIN_LIST_HEIGHT = 110;

export type SetFilterParams = { fieldDef: FieldDef; lookups: LookupCache };
type Choice = { value: string | number | boolean | null; label: string };

/**
 * Community has no Set Filter: this small checkbox list stands in for enum, boolean and (small) lookup
 * columns. It never hides a row itself (doesFilterPass is true); its model becomes an 'in' ColumnFilter
 * and the server filters. A field that may be empty lists '(Blanks)' last, as Excel's filter does.
 */
export function SetFilter({
  model,
  onModelChange,
  fieldDef,
  lookups,
}: CustomFilterProps<unknown, unknown, SetFilterModel> & SetFilterParams) {
  const doesFilterPass = useCallback(() => true, []);
  const box = useRef<HTMLDivElement>(null);
  const [listHeight, setListHeight] = useState(MAX_LIST_HEIGHT);
  // The popup lives inside the grid's box, which clips it: on a short window a list taller than the room
  // below the filter's top hid Clear. The list is fitted to that room (a few choices at least), Clear below.
  const afterGuiAttached = useCallback(() => {
    requestAnimationFrame(() => {
      const element = box.current;
      const root = element?.closest('.ag-root-wrapper');
      const list = element?.firstElementChild;
      const footer = element?.lastElementChild;
      if (!root || !list || !footer) return;
      const room =
        root.getBoundingClientRect().bottom -
        list.getBoundingClientRect().top -
        footer.getBoundingClientRect().height -
        8;
      setListHeight(Math.max(MIN_LIST_HEIGHT, Math.min(MAX_LIST_HEIGHT, Math.floor(room))));
    });
  }, []);
  useGridFilter({ doesFilterPass, afterGuiAttached });
  const [, setTick] = useState(0);
  useEffect(
    () => (fieldDef.kind === 'lookup' ? lookups.subscribe(() => setTick((t) => t + 1)) : undefined),
    [fieldDef, lookups],
  );

  const choices: Choice[] =
    fieldDef.kind === 'enum'
      ? fieldDef.options.map((o) => ({ value: o.value, label: o.label }))
      : fieldDef.kind === 'boolean'
        ? [
            { value: true, label: 'Yes' },
            { value: false, label: 'No' },
          ]
        : fieldDef.kind === 'lookup'
          ? lookups.options(fieldDef.entity).map((o) => ({ value: o.id, label: o.label }))
          : [];
  if (!fieldDef.required && fieldDef.kind !== 'boolean') choices.push({ value: null, label: '(Blanks)' });
  const selected = new Set(model?.values ?? []);
  const toggle = (value: Choice['value']) => {
    const next = new Set(selected);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onModelChange(next.size ? { filterType: 'set', values: [...next] } : null);
  };

  return (
    // The choices scroll; Clear stays below them, always in view (it was scrolled off the end of a long list).
    <Box ref={box} sx={{ display: 'flex', flexDirection: 'column', minWidth: 220, maxWidth: 360 }}>
      <Stack sx={{ p: 1, pb: 0.5, maxHeight: listHeight, overflowY: 'auto' }}>
        {choices.map((c) => (
          <FormControlLabel
            key={String(c.value)}
            control={<Checkbox size="small" checked={selected.has(c.value)} onChange={() => toggle(c.value)} />}
            label={c.label}
          />
        ))}
      </Stack>
      <Box sx={{ px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
        <Button size="small" onClick={() => onModelChange(null)} disabled={selected.size === 0}>
          Clear
        </Button>
      </Box>
    </Box>
  );
}
