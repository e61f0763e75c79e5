import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { TAG_RENAME_LIST_LABELS, type TagRenameAnswer } from '../../../lib/tag-rename';

/**
 * What a rename would do, as the dialog shows it: why it cannot be done (clashes, refused values, a lock) first,
 * then the counts, then every tag before and after, every text that follows, and the rows linked by id.
 */

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export function renameSummary(answer: Pick<TagRenameAnswer, 'counts'>): string {
  const { tags, references, linked, rows } = answer.counts;
  return `${plural(tags, 'tag')} renamed; ${plural(references, 'text')} naming them follow; ${plural(linked, 'row')} linked by id follow by themselves; ${plural(rows, 'row')} written.`;
}

export function RenamePreview({ answer }: { answer: TagRenameAnswer }) {
  const [view, setView] = useState<'tags' | 'references' | 'linked'>('tags');
  return (
    <>
      {answer.clashes.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }} aria-label="Clashes">
          <AlertTitle>
            Nothing can be renamed:{' '}
            {answer.clashes.length === 1 ? 'a new tag clashes' : `${answer.clashes.length} new tags clash`}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {answer.clashes.map((clash) => (
              <li key={`${clash.list}:${clash.tag}`}>{clash.message}</li>
            ))}
          </Box>
        </Alert>
      )}
      {answer.problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }} aria-label="Refused values">
          <AlertTitle>
            Nothing can be renamed:{' '}
            {answer.problems.length === 1
              ? 'a new value is refused'
              : `${answer.problems.length} new values are refused`}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {answer.problems.slice(0, 50).map((problem, i) => (
              <li key={i}>
                {problem.list} {problem.tag}, {problem.field}: {problem.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {answer.refusal && (
        <Alert severity="error" sx={{ mb: 1 }} aria-label="Refused">
          <AlertTitle>
            Nothing can be renamed{answer.refusal.heldBy ? `: held by ${answer.refusal.heldBy}` : ''}
          </AlertTitle>
          {answer.refusal.message}
        </Alert>
      )}
      {answer.notes.map((note) => (
        <Alert key={note} severity="info" sx={{ mb: 1 }}>
          {note}
        </Alert>
      ))}
      <Typography variant="body2" sx={{ mb: 1 }} aria-label="Rename counts">
        {renameSummary(answer)}
      </Typography>
      <Tabs
        value={view}
        onChange={(_event, value: typeof view) => setView(value)}
        aria-label="Preview"
        sx={{ minHeight: 36, mb: 1 }}
      >
        <Tab value="tags" label={`Tags (${answer.tags.length})`} sx={{ textTransform: 'none', minHeight: 36 }} />
        <Tab
          value="references"
          label={`References (${answer.references.length})`}
          sx={{ textTransform: 'none', minHeight: 36 }}
        />
        <Tab
          value="linked"
          label={`Linked by id (${answer.counts.linked})`}
          sx={{ textTransform: 'none', minHeight: 36 }}
        />
      </Tabs>
      {view === 'tags' && (
        <Paged
          label="Tags renamed"
          head={['List', 'Before', 'After', 'Where']}
          rows={answer.tags}
          cells={(tag) => [
            TAG_RENAME_LIST_LABELS[tag.list],
            <strong key="b">{tag.before}</strong>,
            <strong key="a">{tag.after}</strong>,
            tag.rows === undefined
              ? ''
              : tag.list === 'loops'
                ? plural(tag.rows, 'instrument')
                : plural(tag.rows, 'end'),
          ]}
        />
      )}
      {view === 'references' && (
        <Paged
          label="References that follow"
          head={['List', 'Row', 'Field', 'Before', 'After']}
          rows={answer.references}
          cells={(ref) => [ref.list, ref.row, ref.fieldLabel, ref.before, <strong key="a">{ref.after}</strong>]}
        />
      )}
      {view === 'linked' && (
        <Paged
          label="Rows linked by id"
          head={['List', 'Field', 'Links to', 'Rows']}
          rows={answer.linked}
          cells={(link) => [link.list, link.fieldLabel, `${link.target} renamed`, link.rows.toLocaleString('en-US')]}
        />
      )}
    </>
  );
}

const PAGE = 100;

/** A table of many rows, a page at a time (a rename of 10,000 tags stays quick to draw). */
function Paged<T>({
  label,
  head,
  rows,
  cells,
}: {
  label: string;
  head: string[];
  rows: readonly T[];
  cells: (row: T) => ReactNode[];
}) {
  const [page, setPage] = useState(0);
  const shown = rows.slice(page * PAGE, (page + 1) * PAGE);
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        None.
      </Typography>
    );
  return (
    <>
      <Box sx={{ maxHeight: '40vh', overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              {head.map((name) => (
                <TableCell key={name}>{name}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, i) => (
              <TableRow key={page * PAGE + i}>
                {cells(row).map((cell, c) => (
                  <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {rows.length > PAGE && (
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          rowsPerPage={PAGE}
          rowsPerPageOptions={[PAGE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </>
  );
}
