import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../api/api-client';
import { useCurrentProject } from '../current-project';
import { projectDocumentPath } from '../paths';
import { apiRoutes } from '../../lib/api-routes';

/** A row of GET /api/projects as the picker shows it. */
export type ProjectSummary = {
  id: number;
  name: string;
  clientname: string | null;
  description: string | null;
  endusername: string | null;
  endusersite: string | null;
  enduserlocation: string | null;
};

const COLUMNS = [
  '#',
  'Project Name',
  'Client',
  'Description',
  'EndUserName',
  'EndUserSite',
  'EndUserLocation',
] as const;

/**
 * Navbar button + 'Select a project' modal. Spec §2: picking a row only closes the modal; it makes the row
 * the current project (current-project.tsx), which the button then names and lists that take a project
 * start new rows with. It goes nowhere: the modal's "Open" button opens the current project's document.
 */
export function ProjectPickerButton() {
  const navigate = useNavigate();
  const { project: current, setProject } = useCurrentProject();
  const [open, setOpen] = useState(false);
  // The list loads the first time the modal opens, not with every page.
  const [everOpened, setEverOpened] = useState(false);
  const titleId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<FolderOpenOutlined />}
        onClick={() => {
          setOpen(true);
          setEverOpened(true);
        }}
        // The visible name is the current project; the accessible name says what the button does, and includes it.
        aria-label={current ? `Select project (current: ${current.name})` : 'Select project'}
        title={current ? `Current project: ${current.name}. Click to pick another.` : 'Pick the project you work on'}
        sx={{ whiteSpace: 'nowrap', maxWidth: 280, textTransform: current ? 'none' : undefined }}
      >
        <Box component="span" data-testid="current-project" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {current ? current.name : 'Select project'}
        </Box>
      </Button>
      <Dialog open={open} onClose={close} maxWidth="lg" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Select a project</DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          {everOpened && (
            <ProjectTable
              currentId={current?.id ?? null}
              onPick={(project) => {
                setProject({ id: project.id, name: project.name });
                close();
              }}
              onMissing={() => setProject(null)}
            />
          )}
        </DialogContent>
        <DialogActions>
          {current && (
            <>
              <Button
                onClick={() => {
                  close();
                  navigate(projectDocumentPath(current.id, 'areas'));
                }}
              >
                Open {current.name}
              </Button>
              <Button onClick={() => setProject(null)}>Clear the current project</Button>
              <Box sx={{ flex: 1 }} />
            </>
          )}
          <Button onClick={close}>Cancel</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ProjectTable({
  currentId,
  onPick,
  onMissing,
}: {
  currentId: number | null;
  onPick: (project: ProjectSummary) => void;
  onMissing: () => void;
}) {
  const { data, error, isLoading } = useApi<ProjectSummary[]>(apiRoutes.projects());
  // A current project deleted since it was picked is current no more.
  useEffect(() => {
    if (data && currentId !== null && !data.some((project) => project.id === currentId)) onMissing();
  }, [data, currentId, onMissing]);
  if (isLoading && !data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={28} aria-label="Loading projects" />
      </Box>
    );
  }
  if (error && !data)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        Could not load the projects: {error.message}
      </Alert>
    );
  return (
    <TableContainer sx={{ maxHeight: '60vh' }}>
      <Table stickyHeader aria-label="Projects">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} sx={{ color: 'text.secondary' }}>
                No projects yet.
              </TableCell>
            </TableRow>
          )}
          {(data ?? []).map((project) => (
            <TableRow
              key={project.id}
              hover
              selected={project.id === currentId}
              aria-selected={project.id === currentId}
              tabIndex={0}
              onClick={() => onPick(project)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onPick(project);
                }
              }}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>{project.id}</TableCell>
              <TableCell sx={{ fontWeight: 500 }}>{project.name}</TableCell>
              <TableCell>{project.clientname}</TableCell>
              <TableCell>{project.description}</TableCell>
              <TableCell>{project.endusername}</TableCell>
              <TableCell>{project.endusersite}</TableCell>
              <TableCell>{project.enduserlocation}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
