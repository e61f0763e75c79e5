import type { ShellModule } from '../../app/shell-modules';
import { LandingPage } from './landing-page';

/** The public landing page at '/', in the start-up chunk (its budget: tests/e2e/landing.spec.ts). */
export const landingModule: ShellModule = { id: 'landing', landing: <LandingPage /> };
