import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useApi } from '../../app/api/api-client';
import { PageHeader } from '../../app/layout/page-header';
import type { CategoryNode } from '../../lib/category-tree';
import type { ColumnFilter } from '../../lib/entity-api';
import { getEntitySchema } from '../../schemas/registry';
import { EntityListPage } from '../../grids/entity-list-page';
import { apiRoutes } from '../../lib/api-routes';

const schema = getEntitySchema('item_categories');

/** ItemCategories: the 3-tier tree with counts per node beside the editable grid of every category. */
export function ItemCategoriesPage() {
  const { data: tree, error } = useApi<CategoryNode[]>(apiRoutes.categoryTree());
  // Picking a node narrows the grid to that branch: the node and every category below it.
  const [picked, setPicked] = useState<CategoryNode | null>(null);
  const scopeFilters = useMemo<ColumnFilter[]>(
    () => (picked ? [{ field: 'id', op: 'in', value: branchIds(picked) }] : []),
    [picked],
  );
  return (
    <>
      <PageHeader title="ItemCategories" subtitle={schema.description} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Paper
          variant="outlined"
          sx={{ width: 340, flexShrink: 0, maxHeight: 'calc(100vh - 160px)', overflowY: 'auto' }}
        >
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
            Category tree
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ px: 2, display: 'block' }}>
            Tier 1 &gt; tier 2 &gt; tier 3. Counts include every category and item (part) below a node. Pick a node to
            narrow the list to its branch.
          </Typography>
          {error && <Alert severity="error">Could not load the tree: {error.message}</Alert>}
          <List dense aria-label="Category tree" role="tree">
            {tree?.map((node) => (
              <TreeNode key={node.id} node={node} depth={0} picked={picked} onPick={setPicked} />
            ))}
          </List>
          {tree?.length === 0 && (
            <Typography sx={{ p: 2 }} color="text.secondary">
              No categories yet.
            </Typography>
          )}
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {picked && (
            <Chip
              sx={{ mb: 1 }}
              color="primary"
              variant="outlined"
              label={`Showing ${picked.code} · ${picked.name}${picked.children.length > 0 ? ' and the categories below it' : ''}`}
              onDelete={() => setPicked(null)}
              deleteIcon={<span aria-label="Show all categories">✕</span>}
            />
          )}
          <EntityListPage schema={schema} embedded="bare" height="calc(100vh - 300px)" scopeFilters={scopeFilters} />
        </Box>
      </Box>
    </>
  );
}

function branchIds(node: CategoryNode): number[] {
  return [node.id, ...node.children.flatMap(branchIds)];
}

type TreeNodeProps = {
  node: CategoryNode;
  depth: number;
  picked: CategoryNode | null;
  onPick: (node: CategoryNode) => void;
};

function TreeNode({ node, depth, picked, onPick }: TreeNodeProps) {
  const [open, setOpen] = useState(depth === 0);
  const { stats } = node;
  return (
    <>
      <ListItemButton
        role="treeitem"
        aria-expanded={node.children.length ? open : undefined}
        aria-selected={picked?.id === node.id}
        selected={picked?.id === node.id}
        onClick={() => {
          setOpen(picked?.id === node.id ? !open : true);
          onPick(node);
        }}
        sx={{ pl: 2 + depth * 2 }}
      >
        <ListItemText
          primary={`${node.code} · ${node.name}`}
          secondary={
            <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
              <Chip size="small" label={`Tier ${node.tier}`} />
              {node.tier < 3 && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={`${stats.descendants} ${stats.descendants === 1 ? 'category' : 'categories'} below`}
                />
              )}
              <Chip
                size="small"
                variant="outlined"
                label={`${stats.itemsBelow} ${stats.itemsBelow === 1 ? 'item' : 'items'}`}
              />
            </Box>
          }
          slotProps={{ secondary: { component: 'span' } }}
        />
      </ListItemButton>
      {node.children.length > 0 && (
        <Collapse in={open} unmountOnExit>
          <List dense disablePadding role="group">
            {node.children.map((child) => (
              <TreeNode key={child.id} node={child} depth={depth + 1} picked={picked} onPick={onPick} />
            ))}
          </List>
        </Collapse>
      )}
    </>
  );
}
