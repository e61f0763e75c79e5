import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useGlobalSearchTerm, useSetGlobalSearchTerm } from './global-search';

/**
 * The navbar's search box (spec §9: 20% wide); every keystroke goes straight to the shared term.
 * A plain text input (role textbox) rather than type=search, whose native cancel button would duplicate ours.
 */
export function GlobalSearchBox() {
  const term = useGlobalSearchTerm();
  const setTerm = useSetGlobalSearchTerm();
  return (
    <TextField
      value={term}
      onChange={(event) => setTerm(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setTerm('');
      }}
      placeholder="Search…"
      sx={{
        width: '20%',
        minWidth: 150,
        '& .MuiInputBase-root': { backgroundColor: 'background.default' },
      }}
      slotProps={{
        htmlInput: { 'aria-label': 'Global search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end" sx={{ visibility: term ? 'visible' : 'hidden' }}>
              <IconButton aria-label="Clear search" edge="end" onClick={() => setTerm('')} disabled={!term}>
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
