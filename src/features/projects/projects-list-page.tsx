import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { paths, projectDocumentPath } from '../../app/paths';
import { getEntitySchema } from '../../schemas/registry';
import { EntityListPage } from '../../grids/entity-list-page';
import { FIRST_TAB } from './project-tabs';

const projects = getEntitySchema('projects');

/** The Projects list (spec §2 projectlist): the engine's grid of project headers; opening a row opens its document. */
export function ProjectsListPage() {
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  return (
    <EntityListPage
      schema={projects}
      icon={<AccountTreeOutlined />}
      subtitle="Engineering projects. Open a project (double-click its status cell, or select it and press Open) to work on its areas, equipment, instruments, lines and drawings."
      onOpenRow={(row) => navigate(projectDocumentPath(row.id, FIRST_TAB.slug))}
      actions={
        can(projects.writeRole) ? (
          <Button component={RouterLink} to={paths.newProject} variant="contained" startIcon={<AddIcon />}>
            New project
          </Button>
        ) : undefined
      }
    />
  );
}
