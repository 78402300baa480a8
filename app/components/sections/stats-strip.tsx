import { useEffect, useRef, useState } from "react";

export interface Stat {
  value: number;
  suffix: string;
  label: string;
}

/** The spec's counter timing: 2 s, started once when half the strip is visible. */
export const counterTiming = { durationMs: 2000, threshold: 0.5 } as const;

/**
 * Counters that count up once. The prerendered HTML (and reduced motion, and no JavaScript)
 * shows the final numbers; only a strip still out of view is reset to zero and animated later.
 */
export function StatsStrip({ stats }: { stats: readonly Stat[] }) {
  const ref = useRef<HTMLElement>(null);
  const [progress, setProgress] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el || !("IntersectionObserver" in window)) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const rect = el.getBoundingClientRect();
    const halfVisible = rect.top + rect.height / 2 <= window.innerHeight && rect.bottom - rect.height / 2 >= 0;
    if (halfVisible) return; // already seen: keep the final numbers
    setProgress(0);
    let frame = 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        el.dataset.counted = "started";
        const start = performance.now();
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / counterTiming.durationMs);
          setProgress(t);
          if (t < 1) frame = requestAnimationFrame(tick);
          else el.dataset.counted = "done";
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: counterTiming.threshold },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <section ref={ref} className="stats-strip" aria-label="Our numbers">
      <div className="container">
        {/* The figure first, its label under it: "120+", then what it counts. */}
        <ul className="row text-center list-unstyled mb-0">
          {stats.map((s) => (
            <li key={s.label} className="col-md-4 py-3">
              <span className="stats-strip__value" aria-hidden="true">
                {Math.round(s.value * progress)}
                {s.suffix}
              </span>
              <span className="visually-hidden">
                {s.value}
                {s.suffix}{" "}
              </span>
              <span className="stats-strip__label">{s.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
