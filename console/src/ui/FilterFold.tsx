import { useState } from "react";

/**
 * The button that folds a list's filters away at phone widths (issue 27: at 375 px the inbox's
 * first result sits in the first screen). It stands just before the filter form; the CSS
 * (console.css, "Filter fold") hides the form and the export buttons after a closed one, and
 * hides the button itself on wider screens, where the filters are always shown. It says how many
 * filters apply, so a folded list never looks unfiltered.
 */
export function FilterFold({ controls, applied }: { controls: string; applied: number }) {
  const [open, setOpen] = useState(false);
  return (
    <button
      type="button"
      className="filter-fold"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen(!open)}
    >
      {open ? "Hide search and filters" : "Search and filters"}
      {applied > 0 && ` (${applied} applied)`}
    </button>
  );
}
