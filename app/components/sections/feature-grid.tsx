import { Reveal } from "~/components/layout/reveal";
import { revealTiming } from "~/lib/reveal";
import { Icon, type IconName } from "~/components/icon/icon";
import { cardGrid } from "./card-grid";

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
}

/**
 * Cards of features: two per row from md; from lg two, or three when `columns` is 3, balanced by
 * their count so no card is left alone on the last row (card-grid.ts).
 */
export function FeatureGrid({ features, columns = 2 }: { features: readonly Feature[]; columns?: 2 | 3 }) {
  return (
    <ul className={cardGrid(features.length, columns)}>
      {features.map((f, i) => (
        <li key={f.title}>
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
