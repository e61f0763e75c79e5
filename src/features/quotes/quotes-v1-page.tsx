import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { EntityListPage } from '../../grids/entity-list-page';
import { getEntitySchema } from '../../schemas/registry';

const quotesV1 = getEntitySchema('quotes_v1');

/**
 * Quotes V1 (/home/general/quotes1): the older quote records, kept findable and exportable (filters, quick
 * search, Export to Excel). Read-only below admin (the schema's writeRole), as the records are kept as
 * they were; reached from the QuotesV2 list.
 */
export function QuotesV1Page() {
  return (
    <EntityListPage
      schema={quotesV1}
      icon={<HistoryOutlined />}
      subtitle="Quotes of the earlier tool (V1), as they were recorded: supplier and project as text, one total per quote. Read-only; export them to Excel from the toolbar."
      actions={
        <Button component={RouterLink} to={paths.quotesV2}>
          QuotesV2
        </Button>
      }
    />
  );
}
