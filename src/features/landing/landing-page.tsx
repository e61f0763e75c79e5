import { AdvantagesSection, ContactSection, LandingFooter, TechnologySection } from './landing-closing';
import { LandingHero } from './landing-hero';
import { LandingNav } from './landing-nav';
import { CapabilitiesSection, FeaturesSection, ModulesSection, StatisticsSection } from './landing-sections';
import { LogoutOverlay } from './logout-overlay';
import { usePendingLogout } from './use-pending-logout';
import './landing.css';
import './landing-sections.css';

/** Public landing page (route ''). Plain HTML and CSS only: this chunk loads before sign-in and must stay small. */
export function LandingPage() {
  const { loggingOut, secondsLeft, startLogout } = usePendingLogout();
  return (
    <>
      {/* inert keeps keyboard and pointer users from acting on the page while the sign-out runs */}
      <div className="lp" inert={loggingOut}>
        <a className="lp-skip" href="#lp-main">
          Skip to content
        </a>
        <LandingNav onLogout={startLogout} />
        <main id="lp-main" tabIndex={-1}>
          <LandingHero />
          <FeaturesSection />
          <ModulesSection />
          <CapabilitiesSection />
          <StatisticsSection />
          <TechnologySection />
          <AdvantagesSection />
          <ContactSection />
        </main>
        <LandingFooter />
      </div>
      {loggingOut && <LogoutOverlay secondsLeft={secondsLeft} />}
    </>
  );
}
