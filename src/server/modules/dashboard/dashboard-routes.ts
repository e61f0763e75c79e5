import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { loadDashboardData } from './dashboard-data';

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/dashboarddata', async () => loadDashboardData(db));
}
