import type { ReactNode } from "react";

/**
 * The element an island hydrates into: it names the island and carries its props as JSON, and
 * takes no part in the layout (display: contents). Island renders it around a part; a route
 * that holds its own part (cookie-settings) renders it directly, as island.tsx would import the
 * route back.
 */
export function IslandRoot({ name, props, children }: { name: string; props?: object; children: ReactNode }) {
  return (
    <div
      data-island={name}
      data-props={props === undefined ? undefined : JSON.stringify(props)}
      style={{ display: "contents" }}
    >
      {children}
    </div>
  );
}
