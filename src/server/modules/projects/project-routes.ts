import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { projects } from '../../db/tables';
import { errors, jsonSchema } from '../../entities/route-schemas';

const text = z.string().nullable();
const projectSummaries = z.array(z.object({ id: z.number(), name: z.string(), clientname: text, description: text, endusername: text, endusersite: text, enduserlocation: text }));

/** The project list behind the navbar's project picker (the Projects screen edits them through the entity engine). */
export async function projectRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/projects', { schema: { tags: ['dashboard'], summary: "Every project, for the navbar's project picker", response: { 200: jsonSchema(projectSummaries, 'output'), ...errors(401) } } }, async () =>
    db
      .select({
        id: projects.id,
        name: projects.name,
        clientname: projects.clientname,
        description: projects.description,
        endusername: projects.endusername,
        endusersite: projects.endusersite,
        enduserlocation: projects.enduserlocation,
      })
      .from(projects)
      .orderBy(asc(projects.id)),
  );
}
