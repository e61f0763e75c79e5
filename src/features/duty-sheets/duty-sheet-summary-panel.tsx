import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { projectRowPath } from '../../app/paths';
import { DUTY_CASES, formatKw } from '../../lib/duty-sheets';
import type { EntityRow } from '../../schemas/schema-types';

const absorbedField = { min: 'absorbed_kw_min', normal: 'absorbed_kw_normal', design: 'absorbed_kw' } as const;
const text = (value: unknown, unit = '') =>
  value === null || value === undefined || value === '' ? '—' : `${formatKw(value)}${unit}`;

/**
 * A duty sheet's figures, all derived on the server and stored with the sheet (so they are the row's):
 * the slurry SG, each operating case's flow, head, NPSHa and absorbed power against the motor kW (the
 * equipment's installed kW), and the power check in amber when the design case absorbs more than the motor.
 */
export function DutySheetSummaryPanel({ row }: { row: EntityRow }) {
  const motor = row.motor_kw;
  const over = (absorbed: unknown) =>
    absorbed !== null &&
    absorbed !== undefined &&
    motor !== null &&
    motor !== undefined &&
    Number(absorbed) > Number(motor);
  return (
    <Box
      role="region"
      aria-label="Duty figures"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.paper' }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Duty figures
      </Typography>
      {typeof row.power_check === 'string' && row.power_check !== '' ? (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="power-check">
          {row.power_check}
        </Alert>
      ) : (
        motor !== null &&
        row.absorbed_kw !== null && (
          <Alert severity="success" sx={{ mb: 1.5 }}>
            The design case is within the motor rating.
          </Alert>
        )
      )}
      <Figure label="Slurry SG" value={row.slurry_sg == null ? '—' : String(row.slurry_sg)} />
      <Figure label="Motor (equipment installed kW)" value={text(motor, ' kW')} />
      <Figure label="Pump efficiency" value={text(row.pump_efficiency_percent, ' %')} />
      <Divider sx={{ my: 1.5 }} />
      <Table
        size="small"
        aria-label="Operating cases"
        sx={{ '& th, & td': { px: 0.5 }, '& th': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Case</TableCell>
            <TableCell align="right" title="Flow, m³/h">
              Q m³/h
            </TableCell>
            <TableCell align="right" title="Total dynamic head, m">
              H m
            </TableCell>
            <TableCell align="right" title="NPSH available, m">
              NPSHa
            </TableCell>
            <TableCell align="right" title="Absorbed power, kW">
              kW
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {DUTY_CASES.map(({ key, label }) => {
            const absorbed = row[absorbedField[key]];
            return (
              <TableRow key={key} aria-label={`${label} case`}>
                <TableCell>{label}</TableCell>
                <TableCell align="right">{text(row[`flow_${key}_m3h`])}</TableCell>
                <TableCell align="right">{text(row[`head_${key}_m`])}</TableCell>
                <TableCell align="right">{text(row[`npsha_${key}_m`])}</TableCell>
                <TableCell
                  align="right"
                  data-testid={`absorbed-${key}`}
                  sx={over(absorbed) ? { color: 'warning.dark', fontWeight: 700 } : undefined}
                >
                  {text(absorbed)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Absorbed power = rho x g x Q x H / efficiency, rho = slurry SG x 1000 kg/m³, g = 9.81 m/s², to 0.1 kW.
      </Typography>
      {typeof row.project_id === 'number' && typeof row.equipment_id === 'number' && (
        <Link component={RouterLink} to={projectRowPath(row.project_id, 'equipment', row.equipment_id)} variant="body2">
          Open the equipment row
        </Link>
      )}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" data-testid="figure" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}
