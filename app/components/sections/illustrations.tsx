/**
 * The site's own illustrations, drawn as inline SVG: no request, no layout shift (each has its
 * width and height), and coloured by CSS variables (_pages.scss: .illo-*) so they follow the
 * colour scheme. They carry no information the text beside them lacks, so they are decorative.
 */
import sprite from "~/components/icon/sprite.svg?no-inline";
import type { IconName } from "~/components/icon/names";

/** A sprite icon placed inside an illustration; `tone` colours it for the surface it sits on. */
function Glyph({
  name,
  x,
  y,
  size,
  tone = "on-accent",
}: {
  name: IconName;
  x: number;
  y: number;
  size: number;
  tone?: "on-accent" | "on-surface";
}) {
  return (
    <svg
      x={x}
      y={y}
      width={size}
      height={size}
      className={tone === "on-surface" ? "art-glyph-on-surface" : "illo-glyph"}
    >
      <use href={`${sprite}#${name}`} width="100%" height="100%" />
    </svg>
  );
}

/**
 * Home hero: a delivery dashboard (release pipeline, uptime, cost trend) beside a phone and a
 * cloud of services, the three things the company builds and runs. Everything is drawn inside
 * the viewBox (tests/e2e/art.spec.ts checks it), the cost line falls because the cost does, and
 * labels use the art-* sizes of _art.scss, which keep them at 12 px or more wherever it shows.
 */
export function HeroVisual() {
  return (
    <svg
      className="illo illo--hero"
      viewBox="0 0 560 440"
      width="560"
      height="440"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="300" cy="220" r="200" className="illo-halo" />
      {/* Dashboard window: its cards end left of the phone and below the cloud, which overlap it. */}
      <g transform="translate(20 60)">
        <rect width="380" height="270" rx="16" className="illo-surface illo-shadow" />
        <rect width="380" height="36" rx="16" className="illo-bar" />
        <rect y="20" width="380" height="16" className="illo-bar" />
        <circle cx="22" cy="18" r="5" className="illo-dot-a" />
        <circle cx="40" cy="18" r="5" className="illo-dot-b" />
        <circle cx="58" cy="18" r="5" className="illo-dot-c" />
        <text x="24" y="72" className="art-label">
          Releases this week
        </text>
        {[44, 70, 58, 92, 84, 118, 132].map((h, i) => (
          <rect key={i} x={24 + i * 28} y={200 - h} width="18" height={h} rx="4" className="illo-accent" />
        ))}
        <line x1="20" y1="202" x2="222" y2="202" className="illo-line" />
        <g transform="translate(236 66)">
          <rect width="116" height="70" rx="10" className="illo-tint" />
          <text x="12" y="28" className="art-label">
            Uptime
          </text>
          <text x="12" y="58" className="art-figure">
            99.95%
          </text>
        </g>
        <g transform="translate(236 144)">
          <rect width="116" height="72" rx="10" className="illo-tint" />
          <text x="12" y="28" className="art-label">
            Cloud cost
          </text>
          {/* Falls left to right (y grows downwards): the cost goes down. */}
          <polyline points="14,40 36,46 54,44 76,56 102,62" className="illo-trend" />
        </g>
        <g transform="translate(24 228)">
          <rect width="336" height="30" rx="8" className="illo-tint" />
          <circle cx="18" cy="15" r="6" className="illo-ok" />
          <rect x="34" y="11" width="150" height="8" rx="4" className="illo-muted" />
          <rect x="270" y="9" width="54" height="12" rx="6" className="illo-ok-soft" />
        </g>
      </g>
      {/* Phone */}
      <g transform="translate(388 150)">
        <rect width="132" height="240" rx="22" className="illo-device illo-shadow" />
        <rect x="10" y="14" width="112" height="212" rx="14" className="illo-surface" />
        <rect x="46" y="22" width="40" height="6" rx="3" className="illo-muted" />
        <rect x="22" y="44" width="88" height="56" rx="10" className="illo-accent" />
        <Glyph name="chart" x={52} y={56} size={30} />
        <rect x="22" y="114" width="88" height="10" rx="5" className="illo-muted" />
        <rect x="22" y="132" width="64" height="10" rx="5" className="illo-muted" />
        <rect x="22" y="160" width="88" height="36" rx="10" className="illo-tint" />
        <circle cx="40" cy="178" r="8" className="illo-ok" />
        <rect x="56" y="172" width="44" height="10" rx="5" className="illo-muted" />
      </g>
      {/* Cloud of services: its top arc peaks 18 units above the group, so the group starts at
          y 30 to keep the whole cloud (and its shadow) inside the viewBox. Its icon is drawn in
          the accent colour: the cloud is the page's surface colour, white in light mode. */}
      <g transform="translate(330 30)">
        <path
          d="M54 96h126a38 38 0 0 0 0-76 52 52 0 0 0-98-6A42 42 0 0 0 54 96z"
          className="illo-surface illo-shadow"
        />
        <Glyph name="cloud" x={96} y={36} size={44} tone="on-surface" />
      </g>
      <path d="M420 126v24" className="illo-link" />
      <path d="M230 330v58h158" className="illo-link" />
    </svg>
  );
}

/** Technology pages: an editor window with the stack's name, code lines and a passing test run. */
export function CodeVisual({ name }: { name: string }) {
  const lines = [
    [0, 120, "illo-accent"],
    [24, 170, "illo-muted"],
    [24, 130, "illo-muted"],
    [48, 150, "illo-accent-soft"],
    [48, 96, "illo-muted"],
    [24, 180, "illo-muted"],
    [0, 60, "illo-accent"],
  ] as const;
  return (
    <svg
      className="illo illo--code"
      viewBox="0 0 420 320"
      width="420"
      height="320"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="230" cy="160" r="150" className="illo-halo" />
      <g transform="translate(30 34)">
        <rect width="340" height="230" rx="16" className="illo-surface illo-shadow" />
        <rect width="340" height="36" rx="16" className="illo-bar" />
        <rect y="20" width="340" height="16" className="illo-bar" />
        <circle cx="22" cy="18" r="5" className="illo-dot-a" />
        <circle cx="40" cy="18" r="5" className="illo-dot-b" />
        <circle cx="58" cy="18" r="5" className="illo-dot-c" />
        <text x="84" y="24" className="art-label art-label--small">
          {name}
        </text>
        {lines.map(([indent, width, cls], i) => (
          <rect key={i} x={24 + indent} y={58 + i * 22} width={width} height="10" rx="5" className={cls} />
        ))}
      </g>
      <g transform="translate(250 214)">
        <rect width="150" height="70" rx="14" className="illo-device illo-shadow" />
        <circle cx="30" cy="35" r="12" className="illo-ok" />
        <path d="M24 35l5 5 8-10" className="illo-check" />
        <text x="52" y="31" className="art-label art-label--small art-label--on-device">
          All tests
        </text>
        <text x="52" y="51" className="art-label art-label--small art-label--on-device">
          passing
        </text>
      </g>
    </svg>
  );
}
