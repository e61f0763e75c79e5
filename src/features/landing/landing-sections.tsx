import type { ReactNode } from 'react';
import { LandingIcon } from './icons';
import { CAPABILITIES, FEATURES, MODULE_GROUPS, STATS, type Card } from './landing-content';

/** A landmark with a heading; tabIndex lets the nav move focus here after scrolling. */
export function Section(props: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  tone?: 'plain' | 'tint' | 'dark';
  children: ReactNode;
}) {
  const { id, eyebrow, title, intro, tone = 'plain', children } = props;
  const headingId = `lp-${id}-title`;
  return (
    <section
      id={id}
      className={`lp-section lp-tone-${tone}${tone === 'dark' ? ' lp-dark' : ''}`}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <div className="lp-container">
        <div className="lp-section-head">
          <p className="lp-eyebrow">{eyebrow}</p>
          <h2 id={headingId}>{title}</h2>
          {intro && <p className="lp-section-intro">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export function CardGrid({ cards, compact = false }: { cards: Card[]; compact?: boolean }) {
  return (
    <ul className={compact ? 'lp-cards lp-cards-compact' : 'lp-cards'}>
      {cards.map((card) => (
        <li key={card.title} className="lp-card">
          <span className="lp-card-icon">
            <LandingIcon name={card.icon} />
          </span>
          <h3>{card.title}</h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function FeaturesSection() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="The work your spreadsheets do today, in one shared workbench"
      intro="Tagbase is built around the lists engineering projects already run on, so teams keep their way of working and lose the copies."
    >
      <CardGrid cards={FEATURES} />
    </Section>
  );
}

export function ModulesSection() {
  return (
    <Section
      id="modules"
      eyebrow="Modules"
      title="Every part of the project, connected"
      intro="The modules share one database, one category tree and one set of reference tables, so a tag means the same thing everywhere."
      tone="tint"
    >
      <div className="lp-module-groups">
        {MODULE_GROUPS.map((group) => (
          <div key={group.title} className="lp-module-group">
            <h3>{group.title}</h3>
            <ul>
              {group.modules.map((module) => (
                <li key={module.title} className="lp-module">
                  <span className="lp-module-icon">
                    <LandingIcon name={module.icon} size={20} />
                  </span>
                  <span>
                    <strong>{module.title}</strong>
                    <span className="lp-module-text">{module.text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}

export function CapabilitiesSection() {
  return (
    <Section
      id="capabilities"
      eyebrow="Platform capabilities"
      title="A platform built for engineering data"
      intro="The same foundations sit under every module."
    >
      <CardGrid cards={CAPABILITIES} />
    </Section>
  );
}

export function StatisticsSection() {
  return (
    <Section
      id="statistics"
      eyebrow="Statistics"
      title="Tagbase in figures"
      intro="What Tagbase includes, and one design goal it is built around."
      tone="dark"
    >
      <ul className="lp-stats">
        {STATS.map((stat) => (
          <li key={stat.label} className="lp-stat">
            <p className="lp-stat-main">
              <span className="lp-stat-figure">{stat.figure}</span> <span className="lp-stat-label">{stat.label}</span>
            </p>
            <p className="lp-stat-note">{stat.note}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
