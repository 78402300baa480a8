/**
 * Reveal-on-scroll, started once for the whole site. Elements marked `data-reveal` fade and
 * rise into place when they first enter the viewport. The prerendered HTML shows everything:
 * only after this runs, and only for elements still below the fold, is anything hidden, and
 * only opacity and transform change, so nothing shifts. Reduced motion turns it off in CSS.
 */
export const revealTiming = { duration: 1500, delays: [500, 800], staggerPerItem: 100 } as const;

let observer: IntersectionObserver | undefined;

export function startReveal(): void {
  if (typeof window === "undefined" || !("IntersectionObserver" in window)) return;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add("is-revealed");
        observer?.unobserve(entry.target);
      }
    },
    { threshold: 0.15 },
  );
  scanForReveal();
}

/** Picks up elements of a newly rendered page. Those already in view are left as they are. */
export function scanForReveal(): void {
  if (!observer) return;
  const found = [...document.querySelectorAll<HTMLElement>("[data-reveal]:not([data-reveal-armed])")];
  // Every position is read before any class is written: reading one after a write would make the
  // browser restyle and lay out again for each element (decision 061).
  const below = found.filter((el) => el.getBoundingClientRect().top >= window.innerHeight);
  for (const el of found) el.dataset.revealArmed = "";
  for (const el of below) {
    el.classList.add("reveal-pending");
    observer.observe(el);
  }
}
