/**
 * A picture for each topic: each service draws its own scene (its `art` in content/services.ts),
 * each technology a scene around its own mark, and the services overview, the careers page and
 * the home page one each (technology-art.tsx draws the technologies', apart so that only their
 * pages load the marks). They replace one "icon in a ring of icons" that every page repeated.
 *
 * Inline SVG with no text (no label to shrink below 12 px on a phone) and no ids (several may
 * share a page). Colours come from classes of _marks.scss, which follow the colour scheme: the
 * drawing itself is in the roles `art-ink` (outlines and dots), `art-accent` (solid shapes) and
 * `art-glyph` (icons on the accent), each at 3:1 or more against what lies behind it in both
 * schemes; `art-halo`, `art-tint` and `art-muted` are soft washes and placeholder lines behind it.
 */
import sprite from "~/components/icon/sprite.svg?no-inline";
import type { IconName } from "~/components/icon/names";
import type { ServiceArtKind } from "./topic-art-kinds";

/** A sprite icon inside a picture: white on the accent, or in the ink colour on a surface. */
export function Glyph({
  name,
  x,
  y,
  size,
  on = "accent",
}: {
  name: IconName;
  x: number;
  y: number;
  size: number;
  on?: "accent" | "surface";
}) {
  return (
    <svg x={x} y={y} width={size} height={size} className={on === "accent" ? "art-glyph" : "art-glyph art-glyph--ink"}>
      <use href={`${sprite}#${name}`} width="100%" height="100%" />
    </svg>
  );
}

/** An icon in a solid accent disc: a stage, a step, a service. */
export function Badge({ name, cx, cy, r }: { name: IconName; cx: number; cy: number; r: number }) {
  const size = Math.round(r * 1.05);
  return (
    <>
      <circle cx={cx} cy={cy} r={r} className="art-accent" />
      <Glyph name={name} x={cx - size / 2} y={cy - size / 2} size={size} />
    </>
  );
}

/** Placeholder text lines on a card. */
export function Lines({ x, y, widths, gap = 16 }: { x: number; y: number; widths: readonly number[]; gap?: number }) {
  return (
    <>
      {widths.map((w, i) => (
        <rect key={i} x={x} y={y + i * gap} width={w} height="8" rx="4" className="art-muted" />
      ))}
    </>
  );
}

/** The soft wash every picture stands on, so the family of pictures still reads as one. */
const halo = <path d="M210 18c92 0 178 44 184 134s-62 170-170 172S30 270 26 176 118 18 210 18z" className="art-halo" />;

/** Mobile apps: a phone in front of a second one, its app showing a chart, a list and a push message. */
function Phones() {
  return (
    <>
      <g transform="rotate(-10 150 190)">
        <rect x="84" y="70" width="132" height="236" rx="24" className="art-surface" />
        <rect x="96" y="88" width="108" height="200" rx="14" className="art-tint" />
        <Lines x={110} y={110} widths={[80, 56, 70]} gap={20} />
        <circle cx="150" cy="232" r="18" className="art-ink art-ink--thin" />
      </g>
      <rect x="188" y="40" width="142" height="262" rx="26" className="art-surface" />
      <rect x="200" y="60" width="118" height="222" rx="16" className="art-tint" />
      <rect x="212" y="74" width="94" height="60" rx="12" className="art-accent" />
      <Glyph name="chart" x={243} y={88} size={32} />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(212 ${148 + i * 36})`}>
          <rect width="94" height="28" rx="8" className="art-surface" />
          <circle cx="14" cy="14" r="6" className="art-ink-fill" />
          <rect x="28" y="10" width={50 - i * 8} height="8" rx="4" className="art-muted" />
        </g>
      ))}
      <rect x="238" y="284" width="42" height="6" rx="3" className="art-ink-fill" />
      <g transform="translate(300 92)">
        <rect width="96" height="48" rx="14" className="art-surface" />
        <Badge name="bell" cx={24} cy={24} r={14} />
        <Lines x={46} y={16} widths={[38, 26]} />
      </g>
    </>
  );
}

/** Websites: a browser with a page (navigation, hero, three cards), code and the pointer on it. */
function Browser() {
  return (
    <>
      <rect x="46" y="54" width="328" height="232" rx="16" className="art-surface" />
      <path d="M46 96h328" className="art-ink art-ink--thin" />
      {[68, 86, 104].map((cx) => (
        <circle key={cx} cx={cx} cy="75" r="5" className="art-ink-fill" />
      ))}
      <rect x="124" y="66" width="220" height="18" rx="9" className="art-tint" />
      <rect x="66" y="112" width="288" height="72" rx="10" className="art-accent" />
      <rect x="84" y="132" width="120" height="10" rx="5" className="art-glyph-fill" />
      <rect x="84" y="152" width="80" height="10" rx="5" className="art-glyph-fill" />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${66 + i * 100} 200)`}>
          <rect width="88" height="66" rx="10" className="art-tint" />
          <circle cx="20" cy="22" r="9" className="art-ink art-ink--thin" />
          <Lines x={14} y={40} widths={[58, 40]} gap={12} />
        </g>
      ))}
      <g transform="translate(300 30)">
        <rect width="86" height="56" rx="14" className="art-surface" />
        <Glyph name="code" x={25} y={10} size={36} on="surface" />
      </g>
      <path d="M292 226l34 12-15 5 10 17-7 4-10-17-11 11z" className="art-ink-fill art-pointer" />
    </>
  );
}

/** Cloud: a cloud holding the running services, wired down to three availability zones. */
function Cloud() {
  return (
    <>
      <path
        d="M110 186h206a52 52 0 0 0 4-104 74 74 0 0 0-138-18 58 58 0 0 0-72 122z"
        className="art-surface art-surface--ink"
      />
      {(["server", "database", "shield"] as const).map((name, i) => (
        <g key={name}>
          <rect x={128 + i * 62} y="104" width="50" height="50" rx="12" className="art-accent" />
          <Glyph name={name} x={140 + i * 62} y={116} size={26} />
        </g>
      ))}
      <path d="M153 186v50M215 186v50M277 186v50M90 236h250" className="art-ink" />
      {[153, 215, 277].map((cx) => (
        <g key={cx}>
          <rect x={cx - 34} y="252" width="68" height="46" rx="10" className="art-surface" />
          <circle cx={cx - 16} cy="275" r="6" className="art-ok" />
          <rect x={cx - 4} y="271" width="26" height="8" rx="4" className="art-muted" />
        </g>
      ))}
    </>
  );
}

/** AI: a neural network, its strongest path through the layers drawn in ink, to an output that thinks. */
function Network() {
  const layers = [
    [84, [90, 150, 210, 270]],
    [184, [70, 130, 190, 250, 310]],
    [284, [110, 190, 270]],
  ] as const;
  const edges: string[] = [];
  for (let l = 0; l < layers.length - 1; l++) {
    const [x1, ys1] = layers[l]!;
    const [x2, ys2] = layers[l + 1]!;
    for (const y1 of ys1) for (const y2 of ys2) edges.push(`M${x1} ${y1}L${x2} ${y2}`);
  }
  for (const y of layers[2][1]) edges.push(`M284 ${y}L354 190`);
  return (
    <>
      <path d={edges.join("")} className="art-wire" />
      <path d="M84 150L184 130L284 190L354 190M84 210L184 250L284 190" className="art-ink" />
      {layers.map(([x, ys]) =>
        ys.map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="14" className="art-surface art-surface--ink" />),
      )}
      <Badge name="brain" cx={354} cy={190} r={34} />
    </>
  );
}

/** Migration: a server rack in the data centre, its data moving along an arc into the cloud. */
function Migration() {
  return (
    <>
      <g transform="translate(48 118)">
        <rect width="120" height="184" rx="14" className="art-surface" />
        {[0, 1, 2, 3].map((i) => (
          <g key={i} transform={`translate(14 ${16 + i * 42})`}>
            <rect width="92" height="32" rx="8" className="art-tint" />
            <circle cx="16" cy="16" r="5" className="art-ink-fill" />
            <rect x="30" y="12" width="46" height="8" rx="4" className="art-muted" />
          </g>
        ))}
      </g>
      <path d="M120 104C150 30 262 24 300 92" className="art-ink art-ink--dashed" />
      <path d="M286 78l16 18 6-24" className="art-ink" />
      {[
        [150, 62],
        [206, 42],
      ].map(([x, y]) => (
        <rect key={x} x={x! - 10} y={y! - 10} width="20" height="20" rx="5" className="art-accent" />
      ))}
      <path
        d="M246 262h120a40 40 0 0 0 2-80 58 58 0 0 0-108-14 46 46 0 0 0-14 94z"
        className="art-surface art-surface--ink"
      />
      <Badge name="database" cx={302} cy={214} r={26} />
      <circle cx="364" cy="260" r="16" className="art-ok" />
      <path d="M356 260l6 6 10-12" className="art-check" />
    </>
  );
}

/** DevOps: the build-release-run loop, each stage of the delivery on it. */
function Pipeline() {
  return (
    <>
      <path
        d="M210 170c-30-46-60-76-100-76a76 76 0 0 0 0 152c40 0 70-30 100-76s60-76 100-76a76 76 0 0 1 0 152c-40 0-70-30-100-76z"
        className="art-ink art-ink--loop"
      />
      <Badge name="branch" cx={62} cy={126} r={26} />
      <Badge name="file-code" cx={110} cy={246} r={26} />
      <Badge name="docker" cx={310} cy={94} r={26} />
      <Badge name="bell" cx={358} cy={214} r={26} />
      <circle cx="210" cy="170" r="20" className="art-surface art-surface--ink" />
      <circle cx="210" cy="170" r="7" className="art-ok" />
    </>
  );
}

/** Microservices: a honeycomb of small services around one, each wired to its neighbours. */
function Mesh() {
  const hex = (cx: number, cy: number, r: number) =>
    Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${i ? "L" : "M"}${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
    }).join("") + "z";
  const ring = Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i;
    return [210 + 104 * Math.cos(a), 170 + 104 * Math.sin(a)] as const;
  });
  const icons: IconName[] = ["server", "database", "lock", "plug", "bolt", "chart"];
  return (
    <>
      <path
        d={ring.map(([x, y]) => `M210 170L${x.toFixed(1)} ${y.toFixed(1)}`).join("")}
        className="art-ink art-ink--dashed"
      />
      <path
        d={ring.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join("") + "z"}
        className="art-wire"
      />
      {ring.map(([x, y], i) => (
        <g key={i}>
          <path d={hex(x, y, 36)} className="art-surface art-surface--ink" />
          <Glyph name={icons[i]!} x={x - 13} y={y - 13} size={26} on="surface" />
        </g>
      ))}
      <path d={hex(210, 170, 52)} className="art-accent" />
      <Glyph name="cubes" x={186} y={146} size={48} />
    </>
  );
}

const serviceScenes: Record<ServiceArtKind, () => React.ReactElement> = {
  phones: Phones,
  browser: Browser,
  cloud: Cloud,
  network: Network,
  migration: Migration,
  pipeline: Pipeline,
  mesh: Mesh,
};

/** The frame every picture shares: size, scaling and its place in the accessibility tree. */
export function Frame({ kind, label, children }: { kind: string; label?: string; children: React.ReactNode }) {
  return (
    <svg
      className="illo illo--topic topic-art"
      data-art={kind}
      viewBox="0 0 420 340"
      width="420"
      height="340"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      focusable="false"
    >
      {halo}
      {children}
    </svg>
  );
}

/** A service's picture: its own scene. Decorative: the page's heading says what it shows. */
export function ServiceArt({ kind }: { kind: ServiceArtKind }) {
  const Scene = serviceScenes[kind];
  return (
    <Frame kind={kind}>
      <Scene />
    </Frame>
  );
}

/** /services: every service as a tile with its icon, in rows that leave none alone (4 + 3). */
export function CatalogueArt({ icons }: { icons: readonly IconName[] }) {
  const perRow = Math.ceil(icons.length / 2);
  return (
    <Frame kind="catalogue">
      {icons.map((name, i) => {
        const row = i < perRow ? 0 : 1;
        const inRow = row === 0 ? perRow : icons.length - perRow;
        const col = row === 0 ? i : i - perRow;
        const x = 210 - (inRow * 86) / 2 + col * 86 + 6;
        const y = 92 + row * 92;
        return (
          <g key={`${name}-${i}`}>
            <rect x={x} y={y} width="74" height="74" rx="18" className={i === 0 ? "art-accent" : "art-surface"} />
            <Glyph name={name} x={x + 21} y={y + 21} size={32} on={i === 0 ? "accent" : "surface"} />
          </g>
        );
      })}
    </Frame>
  );
}

/** /career: three colleagues around a shared board, one of them new to the team. */
export function TeamArt() {
  const people = [
    [110, 180],
    [210, 128],
    [310, 180],
  ] as const;
  return (
    <Frame kind="team">
      <rect x="92" y="236" width="236" height="64" rx="14" className="art-surface" />
      <Lines x={112} y={254} widths={[120, 84]} gap={18} />
      <Badge name="code" cx={292} cy={268} r={20} />
      {people.map(([cx, cy], i) => (
        <g key={cx}>
          <circle cx={cx} cy={cy} r="46" className={i === 1 ? "art-accent" : "art-surface art-surface--ink"} />
          <circle cx={cx} cy={cy - 12} r="14" className={i === 1 ? "art-glyph-fill" : "art-ink-fill"} />
          <path
            d={`M${cx - 24} ${cy + 28}a24 22 0 0 1 48 0z`}
            className={i === 1 ? "art-glyph-fill" : "art-ink-fill"}
          />
        </g>
      ))}
      <circle cx="346" cy="140" r="14" className="art-ok" />
      <path d="M340 140h12M346 134v12" className="art-check" />
    </Frame>
  );
}

/** Home, beside "we chart your growth journey": a route from a first release to a flag on the summit. */
export function GrowthArt() {
  return (
    <Frame kind="growth">
      <path d="M40 300h340" className="art-ink art-ink--thin" />
      <path d="M60 284C120 284 120 214 180 214S240 150 290 140 330 84 350 76" className="art-ink art-ink--dashed" />
      <Badge name="code" cx={60} cy={284} r={22} />
      <Badge name="users" cx={180} cy={214} r={26} />
      <Badge name="chart" cx={290} cy={140} r={30} />
      <path d="M350 76V24" className="art-ink" />
      <path d="M352 26h40l-10 12 10 12h-40z" className="art-accent" />
    </Frame>
  );
}
