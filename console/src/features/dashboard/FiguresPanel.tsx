import type { ReactNode } from "react";
import { CsvButton } from "./CsvButton";

export type CsvCell = string | number | null;

/** One row of a figures table: what it counts (the row's header) and its figures. */
export interface FigureRow {
  key: string;
  name: ReactNode;
  cells: ReactNode[];
}

/** A table of figures: the column heads, then one row per thing counted, named by its row header. */
export function FiguresTable({ caption, heads, rows }: { caption: string; heads: string[]; rows: FigureRow[] }) {
  return (
    <table className="figures">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {heads.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.name}</th>
            {r.cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A panel of the dashboard: its heading, then what it shows, or one line saying there was nothing
 * in the period, and its CSV export (the same figures, made when the button is pressed).
 */
export function FiguresPanel(props: {
  id: string;
  title: string;
  wide?: boolean;
  /** Said instead of the figures when the period has none. */
  empty?: string;
  csv: { label: string; rows: () => CsvCell[][] };
  children: ReactNode;
}) {
  const { id, title, empty } = props;
  return (
    <section className={props.wide ? "panel wide" : "panel"} aria-labelledby={`h-${id}`}>
      <h2 id={`h-${id}`}>{title}</h2>
      {empty !== undefined ? (
        <p className="hint">{empty}</p>
      ) : (
        <>
          {props.children}
          <CsvButton name={id} label={props.csv.label} rows={props.csv.rows} />
        </>
      )}
    </section>
  );
}
