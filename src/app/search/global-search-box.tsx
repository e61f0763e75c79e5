import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_MIN_LENGTH, type SearchResponse } from '../../lib/global-search';
import { useApi } from '../api/api-client';
import { useGlobalSearchTerm, useSetGlobalSearchTerm } from './global-search';
import { searchResultPath } from './search-result-path';
import { optionId, placeHits, SearchResults, type PlacedHit } from './search-results';
import { useDebounced } from '../use-debounced';
import { apiRoutes } from '../../lib/api-routes';

/** The wait after the last keystroke before the search across everything asks the server. */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * The navbar's search box (spec §9: 20% wide); every keystroke goes straight to the shared term (the
 * screen's own filter), and the results across everything open below it (GET /api/search): ArrowDown and
 * ArrowUp move through them, Enter opens one (the first when none is chosen), Escape closes them (the
 * term stays, so does the screen's filter; a second Escape clears it). Opening a result clears the term.
 * A plain text input (role textbox) rather than type=search, whose native cancel button would duplicate ours.
 */
export function GlobalSearchBox() {
  const term = useGlobalSearchTerm();
  const setTerm = useSetGlobalSearchTerm();
  const navigate = useNavigate();
  const listId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const searched = useDebounced(term.trim(), SEARCH_DEBOUNCE_MS);
  const tooShort = searched.length < SEARCH_MIN_LENGTH;
  const { data, error, isLoading } = useApi<SearchResponse>(open && !tooShort ? apiRoutes.search(searched) : null, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  const groups = open && !tooShort && data ? data.groups : [];
  const placed = placeHits(groups);
  const pending = term.trim() !== searched || isLoading;

  useEffect(() => setActive(-1), [searched]);

  const change = (value: string) => {
    setTerm(value);
    setOpen(value.trim().length > 0);
  };
  const openHit = (hit: PlacedHit | undefined) => {
    if (!hit) return;
    setOpen(false);
    setTerm('');
    navigate(searchResultPath(hit.group.kind, hit.hit));
  };
  const message = !open
    ? null
    : tooShort
      ? `Type at least ${SEARCH_MIN_LENGTH} characters to search everything.`
      : error
        ? error.message
        : data && !pending && placed.length === 0
          ? `Nothing found for “${searched}”.`
          : null;

  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <div ref={anchor} style={{ width: '20%', minWidth: 150 }}>
        <TextField
          value={term}
          onChange={(event) => change(event.target.value)}
          onFocus={() => term.trim() && setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              if (open) setOpen(false);
              else setTerm('');
            } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              if (!open) return setOpen(term.trim().length > 0);
              if (placed.length === 0) return;
              const step = event.key === 'ArrowDown' ? 1 : -1;
              setActive(
                (current) => (current + step + placed.length + (current === -1 && step < 0 ? 1 : 0)) % placed.length,
              );
            } else if (event.key === 'Enter' && open) {
              event.preventDefault();
              openHit(placed[active] ?? placed[0]);
            }
          }}
          placeholder="Search…"
          autoComplete="off"
          sx={{ width: '100%', '& .MuiInputBase-root': { backgroundColor: 'background.default' } }}
          slotProps={{
            htmlInput: {
              'aria-label': 'Global search',
              'aria-autocomplete': 'list',
              'aria-controls': open && placed.length > 0 ? listId : undefined,
              'aria-activedescendant': open && active >= 0 ? optionId(listId, active) : undefined,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end" sx={{ visibility: term ? 'visible' : 'hidden' }}>
                  <IconButton aria-label="Clear search" edge="end" onClick={() => change('')} disabled={!term}>
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Popper
          open={open && anchor.current !== null}
          anchorEl={anchor.current}
          placement="bottom-start"
          sx={{ zIndex: 'modal' }}
          modifiers={[{ name: 'offset', options: { offset: [0, 4] } }]}
        >
          <SearchResults
            listId={listId}
            groups={groups}
            activeIndex={active}
            loading={pending && !tooShort}
            message={message}
            onOpen={openHit}
            onHover={setActive}
          />
        </Popper>
      </div>
    </ClickAwayListener>
  );
}
