/**
 * Technology marks: each technology's real mark from simple-icons (tech-marks-data.ts, generated
 * by `npm run marks`), or, where a technology is a discipline with no brand and so no mark in
 * simple-icons (AI/ML, MLOps), a symbol drawn here. Rendered into the prerendered HTML as inline
 * SVG: no request, no script, and only the marks the site uses.
 *
 * Every mark sits on the brand's navy tile (#0b1b33) in both colour schemes, so each brand keeps
 * its own colour at 3:1 or more against what is behind it (WCAG 1.4.11), light and dark.
 */
import type { drawnMarkNames, TechMarkName } from "./tech-mark-names";
import { simpleIconMarks } from "./tech-marks-data";

interface Mark {
  /** The technology the mark stands for. */
  title: string;
  /** The mark's accessible name where it stands for its technology. */
  label: string;
  /** Its colour, drawn on the navy tile. */
  hex: string;
  /** The drawing, in a 24 x 24 box. */
  drawing: React.ReactNode;
}

const fromSimpleIcons = Object.fromEntries(
  Object.entries(simpleIconMarks).map(([name, icon]) => [
    name,
    { title: icon.title, label: `${icon.title} logo`, hex: icon.hex, drawing: <path d={icon.path} /> },
  ]),
) as Record<keyof typeof simpleIconMarks, Mark>;

/** Symbols for disciplines without a brand, in the marks' style: one colour, 24 x 24. */
const drawnHere = {
  // AI/ML: a small neural network, three inputs through a hidden layer to one output.
  "neural-network": {
    title: "AI/ML",
    label: "AI/ML symbol: a neural network",
    hex: "#A5B4FC",
    drawing: (
      <>
        <path
          d="M4 5l8 3M4 5l8 8M4 12l8-4M4 12l8 1M4 12l8 7M4 19l8-6M4 19l8 0M12 8l8 4M12 13l8-1M12 19l8-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.2"
        />
        {[
          [4, 5],
          [4, 12],
          [4, 19],
          [12, 8],
          [12, 13],
          [12, 19],
        ].map(([cx, cy]) => (
          <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2.2" />
        ))}
        <circle cx="20" cy="12" r="3" />
      </>
    ),
  },
  // MLOps: the train-deploy-monitor loop drawn as a closed infinity, with a model on each side.
  "ml-pipeline": {
    title: "MLOps",
    label: "MLOps symbol: the model delivery loop",
    hex: "#5EEAD4",
    drawing: (
      <>
        <path
          d="M12 12c-2-3-4-5-6.5-5A5 5 0 0 0 5.5 17C8 17 10 15 12 12s4-5 6.5-5a5 5 0 0 1 0 10C16 17 14 15 12 12z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
        />
        <rect x="3.5" y="10" width="4" height="4" rx="1" />
        <rect x="16.5" y="10" width="4" height="4" rx="1" />
      </>
    ),
  },
} satisfies Record<(typeof drawnMarkNames)[number], Mark>;

export const techMarks: Record<TechMarkName, Mark> = { ...fromSimpleIcons, ...drawnHere };
export type { TechMarkName };

/** The navy tile, and the mark centred on it with a margin of 9 of 48 units. */
function Tile({ mark }: { mark: Mark }) {
  return (
    <>
      <rect width="48" height="48" rx="12" className="tech-mark__tile" />
      <g transform="translate(9 9) scale(1.25)" fill={mark.hex} color={mark.hex} className="tech-mark__drawing">
        {mark.drawing}
      </g>
    </>
  );
}

/** The mark on its tile, for use inside another SVG (x, y and size in that SVG's units). */
export function TechMarkTile({
  name,
  x = 0,
  y = 0,
  size,
}: {
  name: TechMarkName;
  x?: number;
  y?: number;
  size: number;
}) {
  return (
    <svg x={x} y={y} width={size} height={size} viewBox="0 0 48 48" className="tech-mark" data-mark={name}>
      <Tile mark={techMarks[name]} />
    </svg>
  );
}

/**
 * A technology's mark on its own: an image named by its label, or decorative (hidden) where the
 * technology's name stands right beside it and would be read twice.
 */
export function TechMark({
  name,
  size = 48,
  decorative = false,
}: {
  name: TechMarkName;
  size?: number;
  decorative?: boolean;
}) {
  const mark = techMarks[name];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      className="tech-mark"
      data-mark={name}
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": mark.label })}
      focusable="false"
    >
      <Tile mark={techMarks[name]} />
    </svg>
  );
}
