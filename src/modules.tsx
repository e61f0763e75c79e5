import type { ShellModule } from './app/shell-modules';
import { adjudicationsModule } from './features/adjudications/module';
import { adminHomeModule } from './features/admin-home/module';
import { capexModule } from './features/capex/module';
import { dashboardModule } from './features/dashboard/module';
import { demosModule } from './features/demos/module';
import { dutySheetsModule } from './features/duty-sheets/module';
import { entityListsModule } from './features/entity-lists/module';
import { housekeepingModule } from './features/housekeeping/module';
import { iconsModule } from './features/icons/module';
import { introModule } from './features/intro/module';
import { landingModule } from './features/landing/module';
import { meetingsModule } from './features/meetings/module';
import { notBuiltModule } from './features/not-built/module';
import { packagesModule } from './features/packages/module';
import { profileModule } from './features/profile/module';
import { projectsModule } from './features/projects/module';
import { quotesModule } from './features/quotes/module';
import { proposalsModule } from './features/proposals/module';
import { requestsModule } from './features/requests/module';
import { updatesModule } from './features/updates/module';

/**
 * The composition root: every feature's manifest, handed to the shell by main.tsx. The only place that
 * knows all features; src/app knows none. Order matters only for providers (the first wraps the rest).
 */
export const shellModules: readonly ShellModule[] = [
  landingModule,
  requestsModule,
  dashboardModule,
  iconsModule,
  adminHomeModule,
  demosModule,
  introModule,
  profileModule,
  updatesModule,
  entityListsModule,
  projectsModule,
  quotesModule,
  meetingsModule,
  proposalsModule,
  packagesModule,
  adjudicationsModule,
  dutySheetsModule,
  capexModule,
  housekeepingModule,
  notBuiltModule,
];
