import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useApiFetch } from '../../app/api/api-client';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { LANG_FACTORS, LANG_BAND_PCT, PLANT_TYPES, type CapexSummary, type PlantType } from '../../lib/capex';
import { apiRoutes } from '../../lib/api-routes';

/**
 * The estimate date and plant type, stated and set on the CAPEX page (issue #29 item 8): both are fields of the
 * project header (also set there), saved through the engine like any header edit; the figures are read again
 * after a save. Engineers set them; others read them.
 */
export function EstimateSettings({ summary, onSaved }: { summary: CapexSummary; onSaved: () => void }) {
  const { project } = summary;
  const { can } = useCurrentUser();
  const fetcher = useApiFetch();
  const [date, setDate] = useState(project.estimate_date_set ? project.estimate_date : '');
  const [plant, setPlant] = useState<PlantType | ''>(project.plant_type ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed =
    date !== (project.estimate_date_set ? project.estimate_date : '') || plant !== (project.plant_type ?? '');
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const row = await fetcher<{ id: number; version: number }>(apiRoutes.entityRow('projects', project.id));
      await fetcher(apiRoutes.entityBatch('projects'), {
        method: 'POST',
        body: JSON.stringify({
          updates: [
            { id: row.id, version: row.version, changes: { estimate_date: date || null, plant_type: plant || null } },
          ],
        }),
      });
      onSaved();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };
  const readOnly = !can('engineer');
  return (
    <Box
      role="group"
      aria-label="Estimate settings"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}
    >
      <TextField
        label="Estimate date"
        type="date"
        size="small"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        disabled={readOnly}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={
          project.estimate_date_set ? 'Prices escalated to it, at its rates' : `Empty: today (${project.estimate_date})`
        }
      />
      <TextField
        select
        label="Plant type"
        size="small"
        value={plant}
        onChange={(event) => setPlant(event.target.value as PlantType | '')}
        disabled={readOnly}
        sx={{ minWidth: 230 }}
        helperText={`Lang check: typical factor +-${LANG_BAND_PCT} %`}
      >
        <MenuItem value="">
          <em>Not set</em>
        </MenuItem>
        {PLANT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {`${LANG_FACTORS[type].label[0]!.toUpperCase()}${LANG_FACTORS[type].label.slice(1)} (${LANG_FACTORS[type].value})`}
          </MenuItem>
        ))}
      </TextField>
      {!readOnly && (
        <Button variant="outlined" onClick={() => void save()} disabled={!changed || saving}>
          Apply
        </Button>
      )}
      {error && (
        <Typography color="error" variant="body2">
          Not saved: {error}
        </Typography>
      )}
    </Box>
  );
}
