import type { DashboardAnswer } from "@contracts/dashboard";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { comparedFigures } from "./csv";
import { FiguresPanel, FiguresTable } from "./FiguresPanel";

type Days = DashboardAnswer["views"]["days"];

/** A colour of the console's sheet, so the chart follows its theme (and a dark one, if the sheet has it). */
const token = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * Page views per day as a line (uPlot), the period compared as a dashed one, drawn to the
 * width of its box and again when the colour scheme changes; the same figures as a table below
 * for screen readers and anyone who wants numbers (the chart itself is hidden from them).
 */
export function ViewsChart({ days, compared }: { days: Days; compared: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    const draw = () => {
      plot?.destroy();
      const x = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
      const ink = token("--ink", "#1d2530");
      const series: uPlot.Series[] = [
        {},
        { label: "Period", stroke: token("--brand", "#0b5cad"), width: 2 },
        ...(compared ? [{ label: "Compared", stroke: token("--muted", "#4d5866"), dash: [6, 4], width: 1.5 }] : []),
      ];
      const data: uPlot.AlignedData = [x, days.map((d) => d.value), ...(compared ? [days.map((d) => d.previous)] : [])];
      const axis = {
        stroke: ink,
        grid: { stroke: token("--line", "#d5dbe3") },
        ticks: { stroke: token("--line", "#d5dbe3") },
      };
      plot = new uPlot(
        {
          width: Math.max(280, el.clientWidth),
          height: 220,
          series,
          axes: [axis, axis],
          scales: { x: { time: true } },
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        },
        data,
        el,
      );
    };
    draw();
    const dark = matchMedia("(prefers-color-scheme: dark)");
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(280, el.clientWidth), height: 220 }));
    resize.observe(el);
    dark.addEventListener("change", draw);
    return () => {
      resize.disconnect();
      dark.removeEventListener("change", draw);
      plot?.destroy();
    };
  }, [days, compared]);

  const heads = ["Day", "Page views", ...(compared ? ["Compared", "Change"] : [])];
  const figures = (d: Days[number]) => comparedFigures(d.value, d.previous, compared);
  return (
    <FiguresPanel
      id="page-views-per-day"
      title="Page views per day"
      wide
      csv={{ label: "page views per day", rows: () => [heads, ...days.map((d) => [d.day, ...figures(d)])] }}
    >
      <div ref={box} className="chart" aria-hidden="true" />
      <details>
        <summary>Page views per day as a table</summary>
        <FiguresTable
          caption="Page views per day"
          heads={heads}
          rows={days.map((d) => ({ key: d.day, name: d.day, cells: figures(d) }))}
        />
      </details>
    </FiguresPanel>
  );
}
