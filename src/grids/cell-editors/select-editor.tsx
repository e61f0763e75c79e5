import { Autocomplete, TextField } from '@mui/material';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useMemo, useState } from 'react';
import type { FieldDef } from '../../schemas/schema-types';
import type { LookupCache } from '../lookup-cache';
import { closeAndMoveDown } from './close-editor';
import { catchUpTypedKeys } from './key-buffer';

export type SelectEditorParams = { fieldDef: FieldDef; lookups: LookupCache };
type Option = { value: string | number; label: string };

/**
 * Type-ahead select for enum and lookup cells: shows labels, answers the stored value (option value
 * or row id). Lookup options come from the cache (whole small tables) and GET .../options?q= as the
 * user types. The list is not portalled, so it stays inside AG Grid's popup.
 */
export function SelectCellEditor(props: CustomCellEditorProps & SelectEditorParams) {
  const { value, onValueChange, stopEditing, fieldDef, lookups, eventKey } = props;
  const entity = fieldDef.kind === 'lookup' ? fieldDef.entity : null;
  // The input starts empty (all options listed, current label as placeholder) or with the key that
  // started editing, so typing searches instead of appending to the current label.
  const [input, setInput] = useState(eventKey && eventKey.length === 1 ? eventKey : '');
  const [remote, setRemote] = useState<Option[]>([]);

  useEffect(() => {
    if (!entity || lookups.isComplete(entity)) return;
    const timer = setTimeout(() => {
      lookups
        .search(entity, input)
        .then((found) => setRemote(found.map((o) => ({ value: o.id, label: o.label }))))
        .catch(() => setRemote([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [entity, input, lookups]);

  const options: Option[] = useMemo(() => {
    if (fieldDef.kind === 'enum') return fieldDef.options.map((o) => ({ value: o.value, label: o.label }));
    if (!entity) return [];
    const cached = lookups.options(entity).map((o) => ({ value: o.id, label: o.label }));
    return lookups.isComplete(entity) ? cached : remote.length ? remote : cached.slice(0, 50);
  }, [fieldDef, entity, lookups, remote]);

  const selected =
    options.find((o) => o.value === value) ??
    (value !== null && value !== undefined
      ? {
          value: value as string | number,
          label: entity ? (lookups.label(entity, value) ?? String(value)) : String(value),
        }
      : null);

  return (
    <Autocomplete<Option>
      open
      disablePortal
      autoHighlight
      size="small"
      sx={{ width: 280, bgcolor: 'background.paper' }}
      options={options}
      value={selected}
      filterOptions={entity && !lookups.isComplete(entity) ? (o) => o : undefined}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      inputValue={input}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      onChange={(_e, option) => {
        onValueChange(option ? option.value : null);
        setTimeout(() => stopEditing(), 0);
      }}
      onKeyDown={(event) => {
        // Enter on the value the cell already holds fires no onChange: close anyway (the editor stayed open
        // and took the keys meant for the next row), and move down as Enter does on a typed cell.
        if (event.key === 'Enter') closeAndMoveDown(props);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          placeholder={selected?.label ?? fieldDef.label}
          onFocus={(event) => {
            // Keys typed while the editor opened (after the one that opened it) join the search; an Enter
            // among them picks, once the search has narrowed the list.
            catchUpTypedKeys(event.target, (text) => setInput((current) => current + text));
          }}
        />
      )}
    />
  );
}
