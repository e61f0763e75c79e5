import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import { SYSTEM_ACTOR, writeAudit } from '../audit/audit-writer';
import type { Role } from '../auth/roles';
import { hashPassword } from '../idp/passwords';
import type { Db } from '../db/client';
import { users } from '../db/tables';
import { seedDemoEntities, seedReferenceData } from './seed-entities';
import { seedDemoMeetings } from './seed-meetings';
import { seedDemoProjects } from './seed-projects';
import { seedDemoAdjudications } from './seed-adjudications';
import { seedDemoPackages } from './seed-packages';
import { seedDemoQuotes } from './seed-quotes';
import { seedDemoQuotesV1 } from './seed-quotes-v1';
import { seedDemoProposals } from './seed-proposals';
import { seedDemoCapex } from './seed-capex';
import { seedDemoDocuments } from './seed-documents';
import { seedDemoHousekeeping } from './seed-housekeeping';

export type DemoAccount = {
  username: string;
  password: string;
  role: Role;
  nickname: string;
  name: string;
  email: string;
};

/** Created only in a demo database (the embedded default, or SEED_DEMO=1); listed in README. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'admin',
    password: 'tagbase-admin',
    role: 'admin',
    nickname: 'admin',
    name: 'Alex Admin',
    email: 'admin@tagbase.example',
  },
  {
    username: 'engineer',
    password: 'tagbase-engineer',
    role: 'engineer',
    nickname: 'engineer',
    name: 'Erin Engineer',
    email: 'engineer@tagbase.example',
  },
  {
    username: 'viewer',
    password: 'tagbase-viewer',
    role: 'viewer',
    nickname: 'viewer',
    name: 'Vic Viewer',
    email: 'viewer@tagbase.example',
  },
];

export type SeedReport = { demoAccountsCreated: boolean; adminCreated: string | undefined };

/** Idempotent: a restart creates nothing twice and changes no row a user edited. */
export async function seedDatabase(
  db: Db,
  config: Pick<ServerConfig, 'seedDemo' | 'adminUsername' | 'adminPassword'>,
): Promise<SeedReport> {
  const report: SeedReport = { demoAccountsCreated: false, adminCreated: undefined };
  // Reference lists (spec §3 ids, currencies, units, disciplines) are part of the product, not demo data.
  await seedReferenceData(db);
  if (config.seedDemo) {
    for (const account of DEMO_ACCOUNTS) {
      if (await createAccountIfMissing(db, { ...account, roles: [account.role] })) report.demoAccountsCreated = true;
    }
    await seedDemoEntities(db);
    // After the clients, currencies and categories they refer to.
    await seedDemoProjects(db);
    // Packages before the quotes that answer them.
    await seedDemoPackages(db);
    await seedDemoQuotes(db);
    // After the packages and quotes it compares; its award writes the mills' prices.
    await seedDemoAdjudications(db);
    await seedDemoQuotesV1(db);
    // After the projects: the demo series is Cerro Azul's.
    await seedDemoMeetings(db);
    await seedDemoProposals(db);
    await seedDemoCapex(db);
    // After the adjudications and CAPEX its documents print.
    await seedDemoDocuments(db);
    // Last: soft-deleted rows and an orphan in the refinery for housekeeping to find.
    await seedDemoHousekeeping(db);
  }
  if (config.adminUsername && config.adminPassword) {
    const created = await createAccountIfMissing(db, {
      username: config.adminUsername,
      password: config.adminPassword,
      roles: ['admin'],
      nickname: config.adminUsername,
      name: config.adminUsername,
      email: '',
    });
    if (created) report.adminCreated = config.adminUsername;
  }
  return report;
}

type NewAccount = { username: string; password: string; roles: Role[]; nickname: string; name: string; email: string };

async function createAccountIfMissing(db: Db, account: NewAccount): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.username, account.username));
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(account.password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        sub: `local|${account.username}`,
        username: account.username,
        passwordHash,
        nickname: account.nickname,
        name: account.name,
        email: account.email || null,
        roles: account.roles,
      })
      .returning();
    if (!row) return;
    const { passwordHash: _secret, ...audited } = row;
    await writeAudit(tx, { table: users, recordId: row.id, action: 'insert', actor: SYSTEM_ACTOR, after: audited });
  });
  return true;
}
