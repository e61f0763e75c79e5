import { LandingIcon } from './icons';
import { scrollToSection } from './section-links';

// Sample rows for the illustration only; they are not customer data.
const SAMPLE_ROWS = [
  { tag: '210-PP-001', description: 'Cyclone feed pump', area: '210', kw: '450', status: 'Quoted' },
  { tag: '210-PP-002', description: 'Cyclone feed pump, standby', area: '210', kw: '450', status: 'Quoted' },
  {
    tag: '220-CV-004',
    description: 'Belt conveyor, mill feed',
    area: '220',
    kw: '185',
    status: 'Adjudicated',
    edited: true,
  },
  { tag: '230-TK-010', description: 'Leach tank agitator', area: '230', kw: '75', status: 'In package' },
  { tag: '240-FT-115', description: 'Tailings flow transmitter', area: '240', kw: '-', status: 'Specified' },
];

function GridIllustration() {
  return (
    <div className="lp-mock" aria-hidden="true">
      <div className="lp-mock-bar">
        <span className="lp-mock-dot" />
        <span className="lp-mock-dot" />
        <span className="lp-mock-dot" />
        <span className="lp-mock-title">Mechanical equipment list</span>
      </div>
      <table className="lp-mock-table">
        <thead>
          <tr>
            <th>Tag</th>
            <th>Description</th>
            <th className="lp-hide-sm">Area</th>
            <th>kW</th>
            <th className="lp-hide-sm">Status</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE_ROWS.map((row) => (
            <tr key={row.tag}>
              <td className="lp-mono">{row.tag}</td>
              <td>{row.description}</td>
              <td className="lp-hide-sm">{row.area}</td>
              <td className={row.edited ? 'lp-mock-edited' : undefined}>{row.kw}</td>
              <td className="lp-hide-sm">
                <span className="lp-chip">{row.status}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="lp-mock-audit">
        <LandingIcon name="history" size={16} />
        <span>kW changed 160 → 185 · recorded in the audit trail</span>
      </div>
    </div>
  );
}

export function LandingHero() {
  return (
    <section id="top" className="lp-hero lp-dark" aria-labelledby="lp-hero-title" tabIndex={-1}>
      <div className="lp-container lp-hero-inner">
        <div className="lp-hero-copy">
          <p className="lp-eyebrow">Engineering data workbench</p>
          <h1 id="lp-hero-title">
            Engineering project data, <span className="lp-accent">out of the spreadsheets</span>
          </h1>
          <p className="lp-lead">
            Tagbase gives process and mining engineering teams one shared place for equipment lists, instrument indexes,
            supplier quotes, procurement packages, bid adjudications and CAPEX estimates, with every field change on
            record.
          </p>
          <div className="lp-hero-actions">
            <a
              className="lp-btn lp-btn-accent lp-btn-lg"
              href="#features"
              onClick={(event) => scrollToSection(event, 'features')}
            >
              Take the tour
              <LandingIcon name="arrow" size={18} />
            </a>
            <a
              className="lp-btn lp-btn-outline-light lp-btn-lg"
              href="#advantages"
              onClick={(event) => scrollToSection(event, 'advantages')}
            >
              Why Tagbase
            </a>
          </div>
          <ul className="lp-hero-points">
            <li>
              <LandingIcon name="check" size={18} /> Excel in, Excel out
            </li>
            <li>
              <LandingIcon name="check" size={18} /> Audit trail of every change
            </li>
            <li>
              <LandingIcon name="check" size={18} /> Viewer, engineer and admin roles
            </li>
          </ul>
        </div>
        <GridIllustration />
      </div>
    </section>
  );
}
