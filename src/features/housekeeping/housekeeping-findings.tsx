import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FINDINGS_LIMIT, type HousekeepingFindings } from '../../lib/housekeeping';
import { currencyRatesPath, recordPath } from './record-links';

function RecordLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  return to ? (
    <Link component={RouterLink} to={to} underline="hover">
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}

/** One read-only list of findings: a heading with its count, a table, or a line saying there is none. */
function FindingTable({
  id,
  title,
  empty,
  count,
  head,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  count: number;
  head: string[];
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
        {title} ({count.toLocaleString('en-US')}
        {count >= FINDINGS_LIMIT ? '+' : ''})
      </Typography>
      {count === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              {head.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** What housekeeping lists for a person to look at: each row links to its record. Nothing here changes data. */
export function HousekeepingFindingsPanel({
  findings,
  staleDays,
}: {
  findings: HousekeepingFindings;
  staleDays: number;
}) {
  return (
    <>
      <FindingTable
        id="hk-orphans"
        title="Orphans"
        empty="No row points at a deleted row."
        count={findings.orphans.length}
        head={['Row', 'List', 'Problem']}
      >
        {findings.orphans.map((o) => (
          <TableRow key={`${o.entity}-${o.id}-${o.problem}`}>
            <TableCell>
              <RecordLink to={recordPath(o.entity, o.id, o.root)}>{o.label}</RecordLink>
            </TableCell>
            <TableCell>{o.entity_label}</TableCell>
            <TableCell>{o.problem}</TableCell>
          </TableRow>
        ))}
      </FindingTable>
      <FindingTable
        id="hk-duplicates"
        title="Duplicate tags"
        empty="No tag is used twice in a project."
        count={findings.duplicateTags.length}
        head={['Project', 'Tag', 'Used by']}
      >
        {findings.duplicateTags.map((d) => (
          <TableRow key={`${d.project_id}-${d.tag}`}>
            <TableCell>{d.project}</TableCell>
            <TableCell>{d.tag}</TableCell>
            <TableCell>
              {d.rows.map((r, i) => (
                <span key={`${r.entity}-${r.id}`}>
                  {i > 0 && ', '}
                  <RecordLink
                    to={recordPath(r.entity, r.id, { entity: 'projects', id: d.project_id })}
                  >{`${r.entity_label} ${r.tag}`}</RecordLink>
                </span>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </FindingTable>
      <FindingTable
        id="hk-expired"
        title="Expired quotes still open"
        empty="No quote past its valid-until date is still open."
        count={findings.expiredQuotes.length}
        head={['Quote', 'Supplier', 'Valid until', 'Status']}
      >
        {findings.expiredQuotes.map((q) => (
          <TableRow key={q.id}>
            <TableCell>
              <RecordLink to={recordPath('quotes', q.id, null)}>{q.quote_number}</RecordLink>
            </TableCell>
            <TableCell>{q.supplier}</TableCell>
            <TableCell>{q.valid_until}</TableCell>
            <TableCell>{q.status_label}</TableCell>
          </TableRow>
        ))}
      </FindingTable>
      <FindingTable
        id="hk-rates"
        title="Stale exchange rates"
        empty={`Every currency has a rate from the last ${staleDays.toLocaleString('en-US')} days.`}
        count={findings.staleRates.length}
        head={['Currency', 'Newest rate', 'Age']}
      >
        {findings.staleRates.map((r) => (
          <TableRow key={r.currency_id}>
            <TableCell>
              <RecordLink to={currencyRatesPath}>{`${r.code} ${r.name}`}</RecordLink>
            </TableCell>
            <TableCell>{r.latest_rate_date}</TableCell>
            <TableCell>{`${r.days_old.toLocaleString('en-US')} days`}</TableCell>
          </TableRow>
        ))}
      </FindingTable>
    </>
  );
}
