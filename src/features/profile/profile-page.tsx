import { useAuth0 } from '@auth0/auth0-react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useApi } from '../../app/api/api-client';
import { PageHeader } from '../../app/layout/page-header';
import { apiRoutes } from '../../lib/api-routes';

/** GET /api/me: the server's view of the signed-in user; roles come from the access token. */
type Me = { sub: string; name: string | null; roles: string[] };

/** Spec §3 'Authenticated user profile': sub, nickname, name, email, picture; plus the roles the API grants. */
export function ProfilePage() {
  const { user } = useAuth0();
  const me = useApi<Me>(apiRoutes.me());
  const displayName = user?.nickname ?? user?.name ?? '';

  return (
    <>
      <PageHeader title="Profile" subtitle="Your account as the identity provider and the Tagbase API see it." />
      <Paper
        variant="outlined"
        sx={{ p: 2.5, maxWidth: 720, display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <Avatar
          src={user?.picture}
          alt={displayName ? `${displayName}'s picture` : 'Profile picture'}
          sx={{ width: 96, height: 96, fontSize: '2rem', bgcolor: 'primary.main' }}
        >
          {displayName.charAt(0).toUpperCase() || undefined}
        </Avatar>
        <Box
          component="dl"
          sx={{
            m: 0,
            flex: 1,
            minWidth: 260,
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2.5,
            rowGap: 1,
          }}
        >
          <Field label="Nickname">{user?.nickname}</Field>
          <Field label="Name">{user?.name}</Field>
          <Field label="Email">{user?.email}</Field>
          <Field label="Subject (sub)">
            <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {user?.sub}
            </Box>
          </Field>
          <Field label="Roles">
            {me.isLoading && !me.data ? (
              <CircularProgress size={16} aria-label="Loading roles" />
            ) : me.error && !me.data ? (
              <Alert severity="error" sx={{ py: 0 }}>
                Could not load your roles: {me.error.message}
              </Alert>
            ) : me.data && me.data.roles.length > 0 ? (
              <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                {me.data.roles.map((role) => (
                  <Chip key={role} label={role} size="small" color="primary" variant="outlined" />
                ))}
              </Box>
            ) : (
              <Typography component="span" color="text.secondary">
                No roles assigned.
              </Typography>
            )}
          </Field>
        </Box>
      </Paper>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children ?? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            —
          </Box>
        )}
      </Typography>
    </>
  );
}
