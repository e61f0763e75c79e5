import { lazy } from 'react';
import { paths } from '../../app/paths';
import type { ShellModule } from '../../app/shell-modules';

const ProfilePage = lazy(() => import('./profile-page').then((m) => ({ default: m.ProfilePage })));

/** The profile page, in the workbench's frame at /general/profile (spec §2), outside /home. */
export const profileModule: ShellModule = {
  id: 'profile',
  framedPages: [{ path: paths.profile, element: <ProfilePage /> }],
};
