import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useApi } from '../../app/api/api-client';
import { PageHeader } from '../../app/layout/page-header';
import type { CategoryNode } from '../../lib/category-tree';
import { getEntitySchema } from '../../schemas/registry';
import { EntityListPage } from './entity-list-page';

const schema = getEntitySchema('item_categories');

/** ItemCategories: the 3-tier tree with counts per node beside the editable grid of every category. */
export function ItemCategoriesPage() {
  const { data: tree, error } = useApi<CategoryNode[]>('/api/appframework/categories/tree');
  return (
    <>
    <PageHeader title="ItemCategories" subtitle={schema.description} />
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ width: 340, flexShrink: 0, maxHeight: 'calc(100vh - 160px)', overflowY: 'auto' }}>
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          Category tree
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, display: 'block' }}>
          Tier 1 &gt; tier 2 &gt; tier 3. Counts include every category and item below a node.
        </Typography>
        {error && <Alert severity="error">Could not load the tree: {error.message}</Alert>}
        <List dense aria-label="Category tree" role="tree">
          {tree?.map((node) => <TreeNode key={node.id} node={node} depth={0} />)}
        </List>
        {tree?.length === 0 && <Typography sx={{ p: 2 }} color="text.secondary">No categories yet.</Typography>}
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <EntityListPage schema={schema} embedded height="calc(100vh - 300px)" />
      </Box>
    </Box>
    </>
  );
}

function TreeNode({ node, depth }: { node: CategoryNode; depth: number }) {
  const [open, setOpen] = useState(depth === 0);
  const { stats } = node;
  return (
    <>
      <ListItemButton role="treeitem" aria-expanded={node.children.length ? open : undefined} onClick={() => setOpen(!open)} sx={{ pl: 2 + depth * 2 }}>
        <ListItemText
          primary={`${node.code} · ${node.name}`}
          secondary={
            <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
              <Chip size="small" label={`Tier ${node.tier}`} />
              {node.tier < 3 && <Chip size="small" variant="outlined" label={`${stats.descendants} ${stats.descendants === 1 ? 'category' : 'categories'} below`} />}
              <Chip size="small" variant="outlined" label={`${stats.itemsBelow} ${stats.itemsBelow === 1 ? 'item' : 'items'}`} />
            </Box>
          }
          slotProps={{ secondary: { component: 'span' } }}
        />
      </ListItemButton>
      {node.children.length > 0 && (
        <Collapse in={open} unmountOnExit>
          <List dense disablePadding role="group">
            {node.children.map((child) => (
              <TreeNode key={child.id} node={child} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      )}
    </>
  );
}
