/**
 * The console's calls to the image API (server/images/console-routes.ts): an upload as
 * multipart/form-data and a focal point as PATCH, which the JSON helper in api.ts does not send.
 * Answers are parsed with the contract's `imageAnswer`, refusals become ApiError with the
 * server's words.
 */
import { imageAnswer, mediaPath, type FocalPoint, type ImageAnswer, type VariantName } from "@contracts/content/image";
import { AnswerNotUnderstood, ApiError } from "../../../api";

const base = "/admin/api/content/images";

async function send(path: string, init: RequestInit): Promise<ImageAnswer> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin", ...init });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  const json = (await res.json().catch(() => ({}))) as { data?: unknown; message?: string };
  if (!res.ok) throw new ApiError(res.status, json.message ?? `The server answered ${res.status}.`);
  const parsed = imageAnswer.safeParse(json.data);
  if (!parsed.success) throw new AnswerNotUnderstood(path, parsed.error.issues.map((i) => i.path.join(".")).join("; "));
  return parsed.data;
}

export function uploadImage(file: File): Promise<ImageAnswer> {
  const body = new FormData();
  body.append("file", file);
  return send(base, { method: "POST", body });
}

export function moveFocalPoint(id: string, focal: FocalPoint): Promise<ImageAnswer> {
  return send(`${base}/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ focal }),
  });
}

/** A variant for the console's preview: the console's own address (its CSP allows only 'self'). */
export function previewPath(v: VariantName): string {
  return `${base}/variants/${mediaPath(v).slice("/media/".length)}`;
}
