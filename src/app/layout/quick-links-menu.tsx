import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useRequestModal } from './request-modal-context';

/** Spec §2: Quick Links dropdown with 'Request Bug Report', which opens the request modal. */
export function QuickLinksMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const requestModal = useRequestModal();
  const menuId = useId();
  const open = Boolean(anchor);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Quick Links
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            // A dismissed modal rejects with 'Modal dismissed'; there is nothing to do then (no toast, spec §8).
            requestModal.open().catch(() => undefined);
          }}
        >
          <ListItemIcon>
            <BugReportOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Request Bug Report</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
