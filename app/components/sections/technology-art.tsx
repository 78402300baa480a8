import type { IconName } from "~/components/icon/names";
import { TechMarkTile, techMarks, type TechMarkName } from "~/components/icon/tech-marks";
import { Badge, Frame } from "./topic-art";

/**
 * A technology's picture: its mark, large, on an editor window, with three of the services the
 * page offers as badges. Named by the mark's label, as the mark is the picture's subject.
 */
export function TechnologyArt({ mark, icons }: { mark: TechMarkName; icons: readonly [IconName, IconName, IconName] }) {
  return (
    <Frame kind={`mark-${mark}`} label={techMarks[mark].label}>
      <rect x="40" y="60" width="300" height="220" rx="16" className="art-surface" />
      <path d="M40 98h300" className="art-ink art-ink--thin" />
      {[62, 80, 98].map((cx) => (
        <circle key={cx} cx={cx} cy="79" r="5" className="art-ink-fill" />
      ))}
      {[
        [0, 150],
        [20, 110],
        [20, 130],
        [40, 90],
        [20, 120],
        [0, 70],
      ].map(([indent, w], i) => (
        <rect key={i} x={64 + indent!} y={120 + i * 24} width={w} height="10" rx="5" className="art-muted" />
      ))}
      <TechMarkTile name={mark} x={232} y={112} size={150} />
      {icons.map((name, i) => (
        <Badge key={name} name={name} cx={86 + i * 72} cy={296} r={26} />
      ))}
    </Frame>
  );
}
