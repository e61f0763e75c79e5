import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { projects } from '../../db/tables';

/** The project list behind the navbar's project picker (the Projects screen edits them through the entity engine). */
export async function projectRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/projects', async () =>
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
