import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BidTab } from '../../lib/adjudications';
import { groupDecimal } from '../../schemas/display-format';

const millions = (value: number) => `${(value / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} M`;

/**
 * Evaluated totals per bidder (recharts, loaded with this module only when the bid tab shows it). A bid with
 * no total (incomplete, or no rate) gets no bar, never a zero one: its name says "incomplete" on the axis and
 * the list under the chart says why.
 */
export default function BidTabChart({ tab }: { tab: BidTab }) {
  const data = tab.bidders.map((b) => ({
    name: b.evaluated_total === null ? `${b.supplier} — ${b.complete ? 'no total' : 'incomplete'}` : b.supplier,
    value: b.evaluated_total === null ? null : Number(b.evaluated_total),
    text: b.evaluated_total,
    lowest: b.lowest_evaluated,
    recommended: b.recommended,
  }));
  const without = tab.bidders.filter((b) => b.evaluated_total === null);
  return (
    <figure aria-label="Evaluated totals per bidder" style={{ margin: 0 }}>
      <figcaption style={{ fontSize: 13, fontWeight: 600, marginBottom: 4 }}>
        Evaluated totals per bidder ({tab.base_currency})
      </figcaption>
      <ResponsiveContainer width="100%" height={60 + data.length * 44}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={millions} domain={[0, 'auto']} />
          <YAxis type="category" dataKey="name" width={300} />
          <Tooltip
            formatter={(_value, _name, item) => {
              const text = (item.payload as { text: string | null }).text;
              return [
                text === null ? 'no total' : `${tab.base_currency ?? ''} ${groupDecimal(text, 2)}`,
                'Evaluated total',
              ];
            }}
          />
          <Bar dataKey="value" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.name} fill={d.recommended ? '#2e7d32' : d.lowest ? '#0f4c81' : '#90a4ae'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      {without.length > 0 && (
        <ul aria-label="Bidders without a total" style={{ margin: '4px 0 0', paddingLeft: 20, fontSize: 13 }}>
          {without.map((b) => (
            <li key={b.supplier_id} className="tb-incomplete">
              {b.supplier}: {b.why_not ?? 'no total'} — no bar
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
