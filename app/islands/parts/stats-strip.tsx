import { StatsStrip, type Stat } from "~/components/sections/stats-strip";

export default function StatsStripIsland({ stats }: { stats: readonly Stat[] }) {
  return <StatsStrip stats={stats} />;
}
