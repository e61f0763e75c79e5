import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';

export type ProjectHeader = { name: string; project_number: string | null; clientname: string | null };

/** What a title block names of the project: its name, number and client; 404 when it is not there. */
export async function projectHeader(db: Db, projectId: number): Promise<ProjectHeader> {
  const [found] = await queryRows<ProjectHeader>(
    db,
    sql`select name, project_number, clientname from projects where id = ${projectId}`,
  );
  if (!found) throw new AppError('not_found', `No Project with id ${projectId}.`);
  return found;
}
