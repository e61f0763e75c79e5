import { Box, TextField } from '@mui/material';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import type { CustomCellEditorProps } from 'ag-grid-react';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { parseInput } from '../../schemas/parse-input';
import type { FieldDef } from '../../schemas/schema-types';
import { closeAndMoveDown } from './close-editor';
import { replayEnter, takeTypedKeys } from './key-buffer';

const DATE: FieldDef = { name: 'date', label: 'Date', kind: 'date' };

/**
 * Popup date editor: a plain text box over a calendar (click a day to commit). What is typed goes to the
 * grid as typed and is read there like a paste (`parseInput`: 2024-03-15, 2024-3-5, 20240315, 3/15/2024),
 * so a date it cannot read is kept and marked on the cell with the reason, never turned into another
 * date. (MUI's sectioned date field split '2024-03-15' typed onto the cell into year, month and day
 * parts and stored 0015-11-02 or kept the old date, without a word.) Typing on the cell replaces its
 * date, as in Excel. The calendar is inline, not DatePicker's portal, so a click in it is inside AG
 * Grid's popup.
 */
export function DateCellEditor(props: CustomCellEditorProps) {
  const { value, onValueChange, stopEditing, eventKey } = props;
  const [text, setText] = useState(() =>
    eventKey && eventKey.length === 1 ? eventKey : typeof value === 'string' ? value : '',
  );
  const parsed = parseInput(DATE, text);
  const shown: Dayjs | null = parsed.ok && typeof parsed.value === 'string' ? dayjs(parsed.value) : null;
  const change = (next: string) => {
    setText(next);
    onValueChange(next.trim() === '' ? null : next);
  };
  return (
    // Enter belongs to the popup (popupOwnsKeys keeps it from the grid), so the editor closes itself on it:
    // the typed text is already the value (onValueChange), as Enter commits a typed cell anywhere else.
    <Box
      sx={{ bgcolor: 'background.paper', p: 1, boxShadow: 3, borderRadius: 1 }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        closeAndMoveDown(props);
      }}
    >
      <TextField
        size="small"
        autoFocus
        fullWidth
        placeholder="YYYY-MM-DD"
        value={text}
        error={text.trim() !== '' && !parsed.ok}
        helperText={text.trim() !== '' && !parsed.ok ? 'YYYY-MM-DD or M/D/YYYY' : ' '}
        onChange={(event) => change(event.target.value)}
        onFocus={(event) => {
          // Started by a typed key: add the keys typed while the editor opened, caret at the end; started
          // by F2 or a double-click: select all.
          const more = takeTypedKeys();
          if (eventKey && eventKey.length === 1) {
            if (more.text) change(text + more.text);
          } else event.target.select();
          if (more.enter) replayEnter(event.target);
        }}
        slotProps={{ htmlInput: { 'aria-label': 'Date' } }}
      />
      <DateCalendar
        value={shown}
        onChange={(next: Dayjs | null) => {
          change(next && next.isValid() ? next.format('YYYY-MM-DD') : '');
          setTimeout(() => stopEditing(), 0);
        }}
      />
    </Box>
  );
}
