import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ApiError, useApiFetch } from '../../app/api/api-client';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { LookupInput, useLookupLabel } from '../../forms/lookup-input';
import { apiRoutes } from '../../lib/api-routes';
import type { QuoteSearchHit } from '../../lib/quotes';
import { getEntitySchema } from '../../schemas/registry';
import { fieldByName, type LookupField } from '../../schemas/schema-types';

const quoteLines = getEntitySchema('quote_lines');
const partField = fieldByName(quoteLines, 'part_id') as LookupField;

type Target = { kind: 'part'; id: number; label: string } | { kind: 'tag'; tag: string };

/** What a refused link says: the field's message (a tag outside the quote's project), else the server's. */
function refusal(error: unknown): string {
  if (error instanceof ApiError) {
    const rows = (error.body?.details as { rowErrors?: { fields: Record<string, string> }[] } | undefined)?.rowErrors;
    const messages = rows?.flatMap((row) => Object.values(row.fields));
    return messages?.length ? messages.join('; ') : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Linking quote lines found by the search to a part or an equipment tag (engineers). */
export function useLineLink(preset: { id: number; label: string } | undefined, onLinked: () => void) {
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const { can } = useCurrentUser();
  const [kind, setKind] = useState<'part' | 'tag'>('part');
  const [partId, setPartId] = useState<number | null>(preset?.id ?? null);
  const known = useLookupLabel(partField.entity, partId);
  const part =
    partId === null ? null : { id: partId, label: known ?? (partId === preset?.id ? preset.label : `#${partId}`) };
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const target: Target | null =
    kind === 'part'
      ? part
        ? { kind: 'part', ...part }
        : null
      : tag.trim()
        ? { kind: 'tag', tag: tag.trim().toUpperCase() }
        : null;

  const apply = async (hit: QuoteSearchHit) => {
    if (!target) return;
    setBusy(true);
    setProblem(null);
    try {
      const changes = target.kind === 'part' ? { part_id: target.id } : { tag: target.tag };
      await fetcher(apiRoutes.entityBatch(quoteLines.name), {
        method: 'POST',
        body: JSON.stringify({ updates: [{ id: hit.line_id, version: hit.line_version, changes }] }),
      });
      enqueueSnackbar(
        `Line ${hit.line_no} of ${hit.quote_number} linked to ${target.kind === 'part' ? target.label : target.tag}`,
        { variant: 'success' },
      );
      onLinked();
    } catch (caught) {
      setProblem(`Line ${hit.line_no} of ${hit.quote_number} was not linked: ${refusal(caught)}`);
    } finally {
      setBusy(false);
    }
  };
  return {
    canLink: can(quoteLines.writeRole),
    kind,
    setKind,
    partId,
    setPartId,
    tag,
    setTag,
    target,
    busy,
    problem,
    apply,
  };
}

export function LinkTarget({ link }: { link: ReturnType<typeof useLineLink> }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { sm: 'center' } }}
      role="group"
      aria-label="Link lines to"
    >
      <Typography variant="body2" color="text.secondary">
        Link lines to
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={link.kind}
        onChange={(_event, next: 'part' | 'tag' | null) => next && link.setKind(next)}
      >
        <ToggleButton value="part">a part</ToggleButton>
        <ToggleButton value="tag">an equipment tag</ToggleButton>
      </ToggleButtonGroup>
      {link.kind === 'part' ? (
        <LookupInput
          field={partField}
          id="link-part"
          label="Part"
          value={link.partId}
          onChange={link.setPartId}
          onBlur={() => undefined}
          error={false}
          helperText={undefined}
          disabled={false}
          readOnly={false}
          required={false}
        />
      ) : (
        <TextField
          size="small"
          label="Equipment tag"
          value={link.tag}
          onChange={(event) => link.setTag(event.target.value)}
          helperText="A tag of the quote's project"
        />
      )}
    </Stack>
  );
}
