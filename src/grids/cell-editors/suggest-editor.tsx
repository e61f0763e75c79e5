import { Autocomplete, TextField } from '@mui/material';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { useCallback, useState } from 'react';
import { useSuggestions } from '../../forms/use-suggestions';
import type { FieldDef } from '../../schemas/schema-types';
import type { LookupCache } from '../lookup-cache';
import { closeAndMoveDown } from './close-editor';
import { catchUpTypedKeys } from './key-buffer';

/** `parentEntity`: what the field's `projectVia` lookup points at (quotes, packages). */
export type SuggestEditorParams = { fieldDef: FieldDef; lookups: LookupCache; parentEntity: string };

/**
 * A text cell that offers values as the user types (schema `suggest`: a quote line's equipment tag from its
 * project's equipment list) and still takes any text, which the save checks. The parent (the row's quote or
 * package) names the project; a new row has it from the grid's scope. Not portalled, like the select editor.
 */
export function SuggestCellEditor(props: CustomCellEditorProps & SuggestEditorParams) {
  const { value, onValueChange, stopEditing, fieldDef, lookups, parentEntity, eventKey, data } = props;
  const suggest = fieldDef.kind === 'text' ? fieldDef.suggest : undefined;
  const parentId = suggest ? (data as Record<string, unknown> | undefined)?.[suggest.projectVia] : undefined;
  const [input, setInput] = useState(
    eventKey && eventKey.length === 1 ? eventKey : typeof value === 'string' ? value : '',
  );
  const entity = suggest?.entity;
  const ask = useCallback(
    (q: string) => lookups.suggestions({ entity: entity as string, parentEntity, parentId: parentId as number }, q),
    [lookups, entity, parentEntity, parentId],
  );
  const options = useSuggestions(entity && typeof parentId === 'number' ? ask : null, input);

  const commit = (text: string) => onValueChange(text.trim() === '' ? null : text.trim());

  return (
    <Autocomplete<string, false, false, true>
      open={options.length > 0}
      freeSolo
      disablePortal
      autoHighlight={false}
      size="small"
      sx={{ width: 240, bgcolor: 'background.paper' }}
      options={options}
      filterOptions={(o) => o}
      value={typeof value === 'string' ? value : null}
      inputValue={input}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input' || reason === 'clear') {
          setInput(text);
          commit(text);
        }
      }}
      onChange={(_e, option) => {
        commit(option ?? '');
        setTimeout(() => stopEditing(), 0);
      }}
      onKeyDown={(event) => {
        // Enter on typed text (no suggestion highlighted) keeps it, and moves down as a text cell does.
        if (event.key === 'Enter') closeAndMoveDown(props);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          placeholder={fieldDef.label}
          onFocus={(event) =>
            catchUpTypedKeys(event.target, (text) => {
              setInput((current) => current + text);
              commit(input + text);
            })
          }
        />
      )}
    />
  );
}
