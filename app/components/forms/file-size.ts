/**
 * A file's size as a visitor reads it beside its name: whole kilobytes below a megabyte (never
 * "0 KB" for a file that has bytes), one decimal above. 1 KB = 1024 bytes, as file managers count.
 */
export function fileSize(bytes: number): string {
  if (bytes === 0) return "0 KB";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
