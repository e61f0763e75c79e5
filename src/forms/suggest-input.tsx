import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useCallback, useRef } from 'react';
import { useApiFetch } from '../app/api/api-client';
import { fetchSuggestions } from '../lib/suggestions';
import { useSuggestions } from './use-suggestions';

type Props = {
  id: string;
  label: string;
  value: string;
  /** What to offer: `entity`'s labels in the project of the parent row (`parentEntity` #`parentId`); none without a parent yet. */
  entity: string;
  parentEntity: string;
  parentId: number | null;
  onChange: (value: string | null) => void;
  onBlur: () => void;
  error: boolean;
  helperText: string | undefined;
  disabled: boolean;
  maxLength?: number;
};

/** A text input offering values as the user types (schema `suggest`, as the grid's cell does); any text is kept. */
export function SuggestInput({
  id,
  label,
  value,
  entity,
  parentEntity,
  parentId,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
  maxLength,
}: Props) {
  const fetcher = useApiFetch();
  const projects = useRef(new Map<string, Promise<number | null>>());
  const ask = useCallback(
    (q: string) =>
      fetchSuggestions(fetcher, projects.current, { entity, parentEntity, parentId: parentId as number }, q),
    [fetcher, entity, parentEntity, parentId],
  );
  const options = useSuggestions(parentId === null ? null : ask, value);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={options}
      filterOptions={(o) => o}
      inputValue={value}
      onInputChange={(_e, text) => onChange(text === '' ? null : text)}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          label={label}
          onBlur={onBlur}
          error={error}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength } }}
        />
      )}
    />
  );
}
