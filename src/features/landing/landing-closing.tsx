import { Link, useNavigate } from 'react-router-dom';
import { LandingIcon, LogoMark } from './icons';
import { ADVANTAGES, TECHNOLOGY } from './landing-content';
import { paths } from '../../app/paths';
import { useLogin } from './landing-nav';
import { CardGrid, Section } from './landing-sections';
import { scrollToSection } from './section-links';
import { useAppAuth } from '../../app/auth/app-auth';

export function TechnologySection() {
  return (
    <Section
      id="technology"
      eyebrow="Technology"
      title="Built on a well-known stack"
      intro="Tagbase runs on a small, well-known stack, and can run self-contained or against your own database server."
      tone="tint"
    >
      <ul className="lp-tech">
        {TECHNOLOGY.map((tech) => (
          <li key={tech.title} className="lp-tech-item">
            <LandingIcon name={tech.icon} />
            <h3>{tech.title}</h3>
            <p>{tech.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function AdvantagesSection() {
  return (
    <Section
      id="advantages"
      eyebrow="Advantages"
      title="Why move off the master spreadsheet"
      intro="Spreadsheets are flexible, but they copy, drift and forget who changed what. Tagbase keeps the flexibility and adds control."
    >
      <CardGrid cards={ADVANTAGES} compact />
    </Section>
  );
}

/** The call to action doubles as the Contact target: the real contact path is through the product. */
export function ContactSection() {
  const { isAuthenticated } = useAppAuth();
  const navigate = useNavigate();
  const login = useLogin();
  return (
    <section id="contact" className="lp-cta lp-dark" aria-labelledby="lp-contact-title" tabIndex={-1}>
      <div className="lp-container lp-cta-inner">
        <div>
          <p className="lp-eyebrow">Contact</p>
          <h2 id="lp-contact-title">Ready to bring your project data together?</h2>
          <p className="lp-cta-text">
            Sign in with the account your firm&apos;s Tagbase administrator gave you. Questions, bugs and feature ideas
            go straight to the development team through the Request Tracker inside Tagbase.
          </p>
        </div>
        <div className="lp-cta-actions">
          <button
            type="button"
            className="lp-btn lp-btn-accent lp-btn-lg"
            onClick={isAuthenticated ? () => void navigate('/home/dashboard') : login}
          >
            {isAuthenticated ? 'Open the workbench' : 'Sign in to Tagbase'}
            <LandingIcon name="arrow" size={18} />
          </button>
        </div>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="lp-footer">
      <div className="lp-container lp-footer-inner">
        <div className="lp-footer-brand">
          <span className="lp-brand">
            <LogoMark size={26} />
            <span>Tagbase</span>
          </span>
          <p>The engineering data workbench for process and mining engineering firms.</p>
        </div>
        {/* No section anchors and no second <nav> here: each link name and landmark on the page stays unique. */}
        <ul className="lp-footer-links">
          <li>
            <Link to={paths.appUpdates}>Product updates</Link>
          </li>
          <li>
            <a href="#top" onClick={(event) => scrollToSection(event, 'top')}>
              Back to top
            </a>
          </li>
        </ul>
        <p className="lp-footer-legal">© {new Date().getFullYear()} Tagbase</p>
      </div>
    </footer>
  );
}
