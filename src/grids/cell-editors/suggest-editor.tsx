import { Autocomplete, TextField } from '@mui/material';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useState } from 'react';
import type { FieldDef } from '../../schemas/schema-types';
import type { LookupCache } from '../lookup-cache';
import { closeAndMoveDown } from './close-editor';
import { replayEnter, takeTypedKeys } from './key-buffer';

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
  const [input, setInput] = useState(eventKey && eventKey.length === 1 ? eventKey : typeof value === 'string' ? value : '');
  const [options, setOptions] = useState<string[]>([]);

  useEffect(() => {
    if (!suggest || typeof parentId !== 'number') return;
    let current = true;
    const timer = setTimeout(() => {
      lookups
        .suggestions({ entity: suggest.entity, parentEntity, parentId }, input.trim())
        .then((found) => current && setOptions(found))
        .catch(() => current && setOptions([]));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [suggest, parentId, parentEntity, input, lookups]);

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
          onFocus={(event) => {
            const more = takeTypedKeys();
            if (more.text) {
              setInput((current) => current + more.text);
              commit(input + more.text);
            }
            if (more.enter) replayEnter(event.target);
          }}
        />
      )}
    />
  );
}
