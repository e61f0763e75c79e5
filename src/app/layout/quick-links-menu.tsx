import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { appIcons } from '../icons';
import { useShellModules, type QuickLink } from '../shell-modules';

/** Spec §2: the Quick Links dropdown; its entries come from the feature manifests ('Request Bug Report'). */
export function QuickLinksMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const links = useShellModules().flatMap((m) => m.quickLinks ?? []);
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
        {links.map((link) => (
          <QuickLinkItem key={link.label} link={link} onChosen={() => setAnchor(null)} />
        ))}
      </Menu>
    </>
  );
}

/** MenuList hands its first item autoFocus and tabIndex: passed on to the MenuItem. */
function QuickLinkItem({
  link,
  onChosen,
  ...menuItemProps
}: { link: QuickLink; onChosen: () => void } & Omit<MenuItemProps, 'onClick'>) {
  const action = link.useAction();
  const Icon = appIcons[link.icon];
  return (
    <MenuItem
      {...menuItemProps}
      onClick={() => {
        onChosen();
        action();
      }}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{link.label}</ListItemText>
    </MenuItem>
  );
}
