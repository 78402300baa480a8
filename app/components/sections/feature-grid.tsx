import { Reveal } from "~/components/layout/reveal";
import { revealTiming } from "~/lib/reveal";
import { Icon, type IconName } from "~/components/icon/icon";

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
}

/** Cards of features: two per row from md, three from lg when `columns` is 3. */
export function FeatureGrid({ features, columns = 2 }: { features: readonly Feature[]; columns?: 2 | 3 }) {
  return (
    <ul className="row g-4 list-unstyled">
      {features.map((f, i) => (
        <li key={f.title} className={`col-12 col-md-6${columns === 3 ? " col-lg-4" : ""}`}>
          <Reveal delay={i * revealTiming.staggerPerItem} className="feature-card h-100">
            <Icon name={f.icon} className="feature-card__icon" />
            <h3 className="h5">{f.title}</h3>
            <p className="mb-0">{f.description}</p>
          </Reveal>
        </li>
      ))}
    </ul>
  );
}
