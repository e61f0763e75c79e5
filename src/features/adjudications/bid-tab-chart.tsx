import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BidTab } from '../../lib/adjudications';
import { groupDecimal } from '../../schemas/display-format';

const millions = (value: number) => `${(value / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} M`;

/** Evaluated totals per bidder (recharts, loaded with this module only when the bid tab shows it). */
export default function BidTabChart({ tab }: { tab: BidTab }) {
  const data = tab.bidders.filter((b) => b.evaluated_total !== null).map((b) => ({ name: b.supplier, value: Number(b.evaluated_total), text: b.evaluated_total!, lowest: b.lowest_evaluated, recommended: b.recommended }));
  return (
    <figure aria-label="Evaluated totals per bidder" style={{ margin: 0 }}>
      <figcaption style={{ fontSize: 13, fontWeight: 600, marginBottom: 4 }}>Evaluated totals per bidder ({tab.base_currency})</figcaption>
      <ResponsiveContainer width="100%" height={60 + data.length * 44}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={millions} domain={[0, 'auto']} />
          <YAxis type="category" dataKey="name" width={220} />
          <Tooltip formatter={(_value, _name, item) => [`${tab.base_currency ?? ''} ${groupDecimal((item.payload as { text: string }).text, 2)}`, 'Evaluated total']} />
          <Bar dataKey="value" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.name} fill={d.recommended ? '#2e7d32' : d.lowest ? '#0f4c81' : '#90a4ae'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
