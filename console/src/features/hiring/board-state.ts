/**
 * The board's columns as the page holds them between answers: a move takes a card out of its
 * column and puts it where the server's list would (newest first, then the higher id), so the
 * board after a move reads as it would after a reload.
 */
import type { ApplicantAnswer, RoleApplicantsAnswer } from "@contracts/pipeline-answers";

export type Columns = RoleApplicantsAnswer["stages"];

const newestFirst = (a: ApplicantAnswer, b: ApplicantAnswer) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** The stage a card is in now, or undefined when it is on no column. */
export function stageOf(columns: Columns, id: number): string | undefined {
  return columns.find((c) => c.applicants.some((a) => a.id === id))?.stage;
}

export function findCard(columns: Columns, id: number): ApplicantAnswer | undefined {
  for (const column of columns) {
    const card = column.applicants.find((a) => a.id === id);
    if (card) return card;
  }
  return undefined;
}

/** The columns with these cards moved to `to` (a card already there stays as it is). */
export function moveCards(columns: Columns, ids: readonly number[], to: string): Columns {
  const moving = ids.flatMap((id) => {
    const from = stageOf(columns, id);
    const card = findCard(columns, id);
    return card && from !== to ? [card] : [];
  });
  if (moving.length === 0) return columns;
  const gone = new Set(moving.map((c) => c.id));
  return columns.map((column) => {
    if (column.stage === to) {
      return {
        ...column,
        total: column.total + moving.length,
        applicants: [...column.applicants, ...moving].sort(newestFirst),
      };
    }
    const left = column.applicants.filter((a) => !gone.has(a.id));
    return { ...column, total: column.total - (column.applicants.length - left.length), applicants: left };
  });
}
