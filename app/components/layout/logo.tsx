import { company } from "~/site/company";

/** The company mark: a rising cloud over an upward arrow. Inline, so it costs no request. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="10" fill="#0a4fb4" />
      <path
        d="M14 32a7 7 0 0 1 1.4-13.9A9.5 9.5 0 0 1 33.6 20 6 6 0 0 1 34 32Z"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M24 37V24m-5 5 5-5 5 5" fill="none" stroke="#7fd1ff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Mark and wordmark; `tone` picks the text colour for light or dark backgrounds. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className={`brand-logo brand-logo--${tone}`}>
      <LogoMark />
      <span className="brand-logo__name">{company.shortName}</span>
    </span>
  );
}
