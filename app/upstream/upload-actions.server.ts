// The upload and delete intents every page with upload slots handles the same way: one file per
// POST (ARCHITECTURE decision 8), checked here, sent upstream, then PRG back to the slot; a refusal
// comes back at the slot with a 4xx (§8 upload and delete messages).

import { json, redirect } from "@remix-run/node";
import { ErrorMessage } from "~/domain/messages";
import type { UpstreamContext } from "./context.server";
import { UpstreamError } from "./errors.server";
import {
  type UploadedFile,
  fileProblem,
  receiveMultipartForm,
  sendUpload,
  uploadFailureMessage,
} from "./uploads.server";

export interface UploadIntentOptions {
  /** Which kinds this page accepts (its slots), with the side for identity documents. */
  accepts(kind: string, side: string | undefined): boolean;
  /** Runs after the upstream stored the file (e.g. relate it to a claim in the draft). */
  afterUpload?(file: UploadedFile, fields: Record<string, string>): Promise<void>;
  /** Where to come back to: the page and the slot's anchor. */
  redirectTo(fields: Record<string, string>): string;
}

export function uploadFailure(slot: string, message: string) {
  return json({ uploadError: { slot, message } }, { status: 400 });
}

export async function handleUploadIntent(
  upstream: UpstreamContext,
  request: Request,
  options: UploadIntentOptions,
) {
  const form = await receiveMultipartForm(request);
  try {
    const { slot = "", kind = "", side } = form.fields;
    if (!options.accepts(kind, side)) return uploadFailure(slot, "アップロード先が正しくありません。");
    const problem = fileProblem(form);
    if (problem) return uploadFailure(slot, problem);
    let uploaded: UploadedFile;
    try {
      uploaded = await sendUpload(upstream, {
        kind,
        side: side === "front" || side === "back" ? side : undefined,
        file: form.file!,
      });
    } catch (error) {
      const message = uploadFailureMessage(error);
      if (message === null) throw error;
      return uploadFailure(slot, message);
    }
    await options.afterUpload?.(uploaded, form.fields);
    return redirect(options.redirectTo(form.fields));
  } finally {
    await form.cleanup();
  }
}

/**
 * DELETE /api/uploads/{id}/ for a file the page lists; §8 "Delete failure toast:
 * 削除に失敗しました。画面をリロードして再度お試しください".
 */
export async function handleDeleteIntent(
  upstream: UpstreamContext,
  formData: FormData,
  options: { redirectTo: string; afterDelete?(id: number): Promise<void> },
) {
  const id = String(formData.get("file_id") ?? "");
  if (!/^[0-9]{1,18}$/.test(id)) return json({ deleteError: ErrorMessage.deleteFailed }, { status: 400 });
  try {
    await upstream.client.call("DELETE", `/api/uploads/${id}/`);
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status >= 499) throw error;
    return json({ deleteError: ErrorMessage.deleteFailed }, { status: 400 });
  }
  await options.afterDelete?.(Number(id));
  return redirect(options.redirectTo);
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
}
