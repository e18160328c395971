// How a command's answer names a status and lays out a list.

import { ClaimStatus, EntryStatus, ReviewStatus, nameOfStatus } from "../../app/domain/statuses";

export const entryStatusName = (status: number) =>
  `${String(nameOfStatus(EntryStatus, status) ?? "?")} (${status})`;
export const claimStatusName = (status: number) =>
  `${String(nameOfStatus(ClaimStatus, status) ?? "?")} (${status})`;
export const reviewStatusName = (status: number) =>
  `${String(nameOfStatus(ReviewStatus, status) ?? "?")} (${status})`;

export function table(header: string[], rows: (string | number | null)[][]): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => (cell === null ? "-" : String(cell))))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => [...row[column]!].length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => cell + " ".repeat(widths[column]! - [...cell].length))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
