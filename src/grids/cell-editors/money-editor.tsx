import type { CustomCellEditorProps } from 'ag-grid-react';
import { takeTypedKeys } from './key-buffer';
import { useEffect, useRef, useState } from 'react';
import type { GridRow } from '../pending-changes-store';

export type MoneyEditorParams = {
  /** The row's currency code (its currency field's label), shown beside the amount while it is typed. */
  currencyOf: (row: GridRow | undefined) => string | undefined;
};

/**
 * The money cell's editor: the amount as text (parseInput reads '1,250.50' or '$1000' as typed, like any
 * number cell) with the row's currency beside it, so the estimator sees which currency the amount is in.
 * Started by typing, it starts from that key; by Delete or Backspace, empty; otherwise from the amount, selected.
 */
export function MoneyCellEditor({
  value,
  onValueChange,
  eventKey,
  data,
  currencyOf,
}: CustomCellEditorProps<GridRow> & MoneyEditorParams) {
  const original = value === null || value === undefined ? '' : String(value);
  const [start] = useState(() =>
    eventKey === 'Backspace' || eventKey === 'Delete' ? '' : eventKey && eventKey.length === 1 ? eventKey : original,
  );
  const [text, setText] = useState(start);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    // Keys typed while the editor mounted (after the one that opened it) belong after it.
    const typed = start === original ? '' : start + takeTypedKeys().text;
    if (start === original) element.select();
    else {
      setText(typed);
      onValueChange(typed);
    }
    // Once, when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const code = currencyOf(data);
  return (
    <div className="tb-money-editor">
      <input
        ref={input}
        className="ag-input-field-input ag-text-field-input"
        aria-label={code ? `Amount in ${code}` : 'Amount'}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onValueChange(event.target.value);
        }}
      />
      <span className="tb-money-editor-currency">{code ?? 'no currency'}</span>
    </div>
  );
}
