import type { CSSProperties, ReactNode } from "react";

/** Marks content for the reveal-on-scroll animation (see app/lib/reveal.ts). `delay` is in ms. */
export function Reveal({
  children,
  delay = 0,
  className,
  as: Tag = "div",
}: {
  children: ReactNode;
  delay?: number;
  className?: string;
  as?: "div" | "li" | "article" | "section";
}) {
  return (
    <Tag data-reveal="" className={className} style={{ "--reveal-delay": `${delay}ms` } as CSSProperties}>
      {children}
    </Tag>
  );
}
