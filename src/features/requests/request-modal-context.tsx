import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { REQUEST_MESSAGES } from '../../lib/requests';
import type { EntityRow } from '../../schemas/schema-types';
import type { RequestDialogResult } from './request-dialog';

// The form (form engine, date pickers) loads on the first opening, not with every workbench page.
const RequestDialog = lazy(() => import('./request-dialog').then((m) => ({ default: m.RequestDialog })));

export type RequestModal = {
  /**
   * Opens the request modal (spec §2): a new request, or `row` to edit. Resolves when the request is saved
   * or deleted; rejects with 'Modal dismissed' (spec §8) when the user closes it, which callers ignore.
   */
  open: (row?: EntityRow | null) => Promise<RequestDialogResult>;
};

const RequestModalContext = createContext<RequestModal | null>(null);

type Opening = { key: number; row: EntityRow | null; pathname: string };
type Pending = { resolve: (result: RequestDialogResult) => void; reject: (reason: Error) => void };

/** Owns the one request modal, so Quick Links on any screen and the RequestsBugsV2 list open the same form. */
export function RequestModalProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [opening, setOpening] = useState<Opening | null>(null);
  const pending = useRef<Pending | null>(null);
  const counter = useRef(0);

  const open = useCallback(
    (row: EntityRow | null = null) =>
      new Promise<RequestDialogResult>((resolve, reject) => {
        pending.current?.reject(new Error(REQUEST_MESSAGES.dismissed));
        pending.current = { resolve, reject };
        counter.current += 1;
        setOpening({ key: counter.current, row, pathname });
      }),
    [pathname],
  );
  const finish = useCallback((settle: (p: Pending) => void) => {
    const current = pending.current;
    pending.current = null;
    setOpening(null);
    if (current) settle(current);
  }, []);
  const value = useMemo(() => ({ open }), [open]);

  return (
    <RequestModalContext.Provider value={value}>
      {children}
      {opening && (
        <Suspense fallback={null}>
          <RequestDialog
            key={opening.key}
            row={opening.row}
            pathname={opening.pathname}
            onDone={(result) => finish((p) => p.resolve(result))}
            onDismiss={() => finish((p) => p.reject(new Error(REQUEST_MESSAGES.dismissed)))}
          />
        </Suspense>
      )}
    </RequestModalContext.Provider>
  );
}

export function useRequestModal(): RequestModal {
  const value = useContext(RequestModalContext);
  if (!value) throw new Error('useRequestModal must be used inside RequestModalProvider');
  return value;
}
