import type { ReactNode } from "react";

/**
 * A list as a table that turns into cards on a narrow screen (console.css `.cards`): its caption
 * for screen readers, its column heads, and its rows (each cell names its column with `data-label`).
 */
export function CardTable(props: {
  caption: string;
  columns: readonly string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={props.className ? `cards ${props.className}` : "cards"}>
      <caption className="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th scope="col" key={c}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
