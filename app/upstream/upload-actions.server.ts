// The upload and delete intents every page with upload slots handles the same way: one file per
// POST (ARCHITECTURE decision 8), checked here, sent upstream, then PRG back to the slot; a refusal
// comes back at the slot with a 4xx (§8 upload and delete messages). Without JavaScript a wizard
// step's upload also carries the step's typed fields, saved before the file is sent (decision 0007).

import { json, redirect } from "@remix-run/node";
import { ErrorMessage } from "~/domain/messages";
import { isUploadFileField, parseStepUploadIntent, stepUploadFileField } from "~/forms/step-upload";
import type { UpstreamContext } from "./context.server";
import { UpstreamError } from "./errors.server";
import {
  type ReceivedFilePart,
  type ReceivedForm,
  type UploadedFile,
  fileProblem,
  receiveMultipartForm,
  sendUpload,
  uploadFailureMessage,
} from "./uploads.server";

/** Which slot a post uploads into, as the slot's form or the step form's upload button named it. */
export interface SlotFields {
  slot: string;
  kind: string;
  side?: string;
}

export interface UploadIntentOptions {
  /** Which kinds this page accepts (its slots), with the side for identity documents. */
  accepts(kind: string, side: string | undefined): boolean;
  /**
   * Without JavaScript a wizard step's upload button posts the step form: what was typed is saved
   * first (decision 0007). Answers a response to stop with (the draft could not be saved), or null.
   */
  saveTyped?(formData: FormData): Promise<Response | null>;
  /**
   * For a form that is not saved with an upload (the profile's): a refused upload comes back with
   * what was typed, to show again beside the slot's message. Without it, only the message.
   */
  keepTyped?(formData: FormData, uploadError: { slot: string; message: string }): Response;
  /** Runs after the upstream stored the file (e.g. relate it to a claim in the draft). */
  afterUpload?(file: UploadedFile, fields: SlotFields): Promise<void>;
  /** Where to come back to: the page and the slot's anchor. */
  redirectTo(fields: SlotFields): string;
}

export function uploadFailure(slot: string, message: string) {
  return json({ uploadError: { slot, message } }, { status: 400 });
}

/** The slot and its file: from a slot's own form, or from the step form by the pressed button. */
function slotUpload(form: ReceivedForm): { fields: SlotFields; part: ReceivedFilePart; typed: boolean } {
  // The step form may carry an intent of its own besides the pressed button's.
  const target = form.formData.getAll("intent").map(parseStepUploadIntent).find(Boolean) ?? null;
  if (target === null) {
    const { slot = "", kind = "", side } = form.fields;
    return { fields: { slot, kind, side }, part: form, typed: false };
  }
  return {
    fields: target,
    part: form.parts.get(stepUploadFileField(target.slot)) ?? { file: null, fileError: null },
    typed: true,
  };
}

export async function handleUploadIntent(
  upstream: UpstreamContext,
  request: Request,
  options: UploadIntentOptions,
) {
  const form = await receiveMultipartForm(request, { isFileField: isUploadFileField });
  try {
    const { fields, part, typed } = slotUpload(form);
    if (typed && options.saveTyped) {
      const stop = await options.saveTyped(form.formData);
      if (stop) return stop;
    }
    const refuse = (message: string) =>
      typed && options.keepTyped
        ? options.keepTyped(form.formData, { slot: fields.slot, message })
        : uploadFailure(fields.slot, message);
    if (!options.accepts(fields.kind, fields.side)) return refuse("アップロード先が正しくありません。");
    const problem = fileProblem(part);
    if (problem) return refuse(problem);
    let uploaded: UploadedFile;
    try {
      uploaded = await sendUpload(upstream, {
        kind: fields.kind,
        side: fields.side === "front" || fields.side === "back" ? fields.side : undefined,
        file: part.file!,
      });
    } catch (error) {
      const message = uploadFailureMessage(error);
      if (message === null) throw error;
      return refuse(message);
    }
    await options.afterUpload?.(uploaded, fields);
    return redirect(options.redirectTo(fields));
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
