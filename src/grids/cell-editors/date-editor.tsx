import { Box } from '@mui/material';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { DateField } from '@mui/x-date-pickers/DateField';
import type { CustomCellEditorProps } from 'ag-grid-react';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

/**
 * Popup date editor: MUI's date field (type YYYY-MM-DD) over a calendar (click a day to commit).
 * The calendar is rendered inline rather than as DatePicker's portal popper so a click in it is inside
 * AG Grid's popup and does not count as a click elsewhere. Answers 'YYYY-MM-DD' or null.
 */
export function DateCellEditor({ value, onValueChange, stopEditing }: CustomCellEditorProps) {
  const initial = typeof value === 'string' && dayjs(value, 'YYYY-MM-DD', true).isValid() ? dayjs(value) : null;
  const [date, setDate] = useState<Dayjs | null>(initial);
  const commit = (next: Dayjs | null, close: boolean) => {
    setDate(next);
    onValueChange(next && next.isValid() ? next.format('YYYY-MM-DD') : next ? value : null);
    if (close) setTimeout(() => stopEditing(), 0);
  };
  return (
    // Enter belongs to the popup (popupOwnsKeys keeps it from the grid), so the editor closes itself on it:
    // the typed date is already the value (onChange above), as Enter commits a typed cell anywhere else.
    <Box
      sx={{ bgcolor: 'background.paper', p: 1, boxShadow: 3, borderRadius: 1 }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        setTimeout(() => stopEditing(), 0);
      }}
    >
      <DateField size="small" autoFocus format="YYYY-MM-DD" value={date} onChange={(next) => commit(next, false)} fullWidth />
      <DateCalendar value={date && date.isValid() ? date : null} onChange={(next: Dayjs | null) => commit(next, true)} />
    </Box>
  );
}
