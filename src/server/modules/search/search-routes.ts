import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_LENGTH,
} from '../../../lib/global-search';
import { searchKinds } from '../../../schemas/documents/document-registry';
import type { Db } from '../../db/client';
import { errors, jsonSchema, parseOr400 } from '../../entities/route-schemas';
import { globalSearch } from './global-search';

const searchQuery = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .default('')
    .describe(
      `The term: every word (split on spaces) must occur in the record's number, tag, name or description, any case. Under ${SEARCH_MIN_LENGTH} characters: no groups, and a note.`,
    ),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT).describe('Hits per kind'),
});

const span = z.tuple([z.number(), z.number()]).describe('[start, end) in UTF-16 code units');
const hit = z.object({
  id: z.number(),
  title: z.string().describe("The record's number, tag or name"),
  subtitle: z.string().nullable(),
  project_id: z
    .number()
    .nullable()
    .describe('The project of a project-list row (equipment, instrument, line, drawing), a quote, package or meeting'),
  project_name: z.string().nullable(),
  list: z.string().nullable().describe("The tab of its project's page a list's row opens on ('equipment', 'pids')"),
  rank: z.number().describe('0 the title is the term, 1 starts with it, 2 contains it, 3 only the other text does'),
  highlight: z.object({ title: z.array(span), subtitle: z.array(span) }),
});
const searchResponse = z.object({
  q: z.string().describe('The term searched, trimmed'),
  groups: z
    .array(
      z.object({
        kind: z.enum(searchKinds.map((k) => k.kind) as [string, ...string[]]),
        label: z.string(),
        hits: z.array(hit),
      }),
    )
    .describe('Kinds with hits; the kind of the best-ranked hit first'),
  note: z.string().optional(),
});

export async function searchRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search across everything: projects, equipment and instrument tags, lines, drawings, parts, quotes, packages, suppliers, clients, proposals, meetings',
        querystring: jsonSchema(searchQuery),
        response: {
          200: { ...jsonSchema(searchResponse, 'output'), description: 'The hits, grouped by kind and ranked' },
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const { q, limit } = parseOr400(searchQuery, request.query, 'query');
      return globalSearch(db, q, limit);
    },
  );
}
