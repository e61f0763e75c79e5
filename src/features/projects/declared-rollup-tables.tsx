import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DeclaredRollup, ProjectRollups } from '../../lib/project-rollups';
import { decimalText } from './project-rollups';

type Cell = string | number | null | undefined;

/** A cell as people read it: a count whole, a sum to its field's decimals, a group as its label. */
function cellText(column: DeclaredRollup['columns'][number], value: Cell): string {
  if (value === null || value === undefined || value === '') return '—';
  if (!column.numeric) return String(value);
  if (typeof value === 'number') return value.toLocaleString('en-US');
  const decimals = value.split('.')[1]?.length ?? 0;
  return decimalText(value, decimals);
}

/**
 * The roll-ups a list declares (src/schemas/documents, `rollups`), under its tab: MCC demand by area under the
 * electrical loads. The server groups, counts and sums; this only shows the figures, and the list's total.
 */
export function DeclaredRollupTables({ data, entity }: { data: ProjectRollups | undefined; entity: string }) {
  const tables = data?.tables.filter((table) => table.entity === entity) ?? [];
  return tables.map((table) => (
    <Box component="section" aria-label={table.title} key={table.title} sx={{ mt: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {table.title}
      </Typography>
      {table.rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing to add up yet: the figures appear as rows are added above.
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ width: 'fit-content', maxWidth: '100%' }}>
          <Table size="small" aria-label={table.title} sx={{ '& td, & th': { fontVariantNumeric: 'tabular-nums' } }}>
            <TableHead>
              <TableRow>
                {table.columns.map((column) => (
                  <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                    {column.label}
                    {column.unit && !column.label.includes(column.unit) ? ` (${column.unit})` : ''}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row, index) => (
                <TableRow key={index}>
                  {table.columns.map((column) => (
                    <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                      {cellText(column, row[column.key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              <TableRow sx={{ '& td': { fontWeight: 600 } }}>
                {table.columns.map((column, index) => (
                  <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                    {index === 0 ? 'Total' : column.numeric ? cellText(column, table.total[column.key]) : ''}
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  ));
}
