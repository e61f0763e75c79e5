import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { PageHeader } from '../../app/layout/page-header';
import type { EntitySummary } from '../../lib/entity-api';
import { askLeave } from '../../app/leave-guard';
import { findEntitySchema } from '../../schemas/registry';
import { EntityListPage } from '../../grids/entity-list-page';
import { apiRoutes } from '../../lib/api-routes';

/**
 * ManageTables: the reference tables on the left (with their row counts), the chosen one's grid on the right.
 * The chosen table is in the address (?table=currencies) so it survives a reload and can be linked to.
 */
export function ManageTablesPage() {
  const { data: tables, error } = useApi<EntitySummary[]>(apiRoutes.adminTables());
  const [params, setParams] = useSearchParams();
  const chosen = params.get('table') ?? tables?.[0]?.name;
  const schema = chosen ? findEntitySchema(chosen) : undefined;

  return (
    <>
      <PageHeader
        title="ManageTables"
        subtitle="Reference tables behind every list. A row that other records use cannot be deleted."
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ width: 240, flexShrink: 0 }}>
          {error && <Alert severity="error">Could not load the tables: {error.message}</Alert>}
          {!tables && !error && <Skeleton variant="rectangular" height={320} />}
          <List dense aria-label="Reference tables" component="nav">
            {tables?.map((table) => (
              <ListItemButton
                key={table.name}
                selected={table.name === chosen}
                onClick={() =>
                  table.name !== chosen && void askLeave().then((leave) => leave && setParams({ table: table.name }))
                }
              >
                <ListItemText
                  primary={table.labelPlural}
                  secondary={`${table.rowCount.toLocaleString('en-US')} rows`}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {schema ? (
            <EntityListPage key={schema.name} schema={schema} embedded height="calc(100vh - 300px)" />
          ) : (
            tables && <Alert severity="info">Choose a table.</Alert>
          )}
        </Box>
      </Box>
    </>
  );
}
