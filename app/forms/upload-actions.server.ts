// The upload and delete intents every page with upload slots handles the same way: one file per
// POST (ARCHITECTURE §8), checked here, sent upstream, then PRG back to the slot; a refusal
// comes back at the slot with a 4xx (§8 upload and delete messages). With JavaScript a slot's file is
// the request body and streams through to the upstream (decision 0016). Without JavaScript the page's
// form comes with the files chosen in its slots: a wizard step's typed fields are saved before the
// files are sent (decision 0007).

import { redirect } from "@remix-run/node";
import { ErrorMessage, uploadFailureText } from "~/domain/error-messages";
import { UploadRuleMessage } from "~/domain/upload-rules";
import { isStreamedUpload, readMultipartForm, readStreamedUpload } from "~/forms/read-form.server";
import { formFailure } from "~/forms/form-errors.server";
import { uploadFieldName } from "~/domain/file-kinds";
import { DELETE_FORM_ID, NON_FIELD_ERRORS } from "~/forms/form-failure";
import {
  type StepUploadTarget,
  isUploadFileField,
  parseStepUploadFileField,
  parseStepUploadIntent,
  parseStreamedUploadHeaders,
  parseUploadTarget,
} from "~/forms/step-upload";
import { appConfig } from "~/request/config.server";
import type { RequestContext } from "~/request/context.server";
import { UpstreamError } from "~/upstream/errors.server";
import { UploadsBusyError, admitUpload, uploaderOf } from "~/upstream/upload-admission.server";
import {
  type OutgoingFile,
  UploadInProgressError,
  type UploadedFile,
  deleteUpload,
  sendUpload,
  uploadFailureMessage,
} from "~/upstream/uploads.server";
import { type ReceivedFilePart, fileProblem, spooledFile } from "./multipart-form.server";

/** Which slot a post uploads into, as the slot's form or the page form's file input named it. */
export interface SlotFields {
  slot: string;
  kind: string;
  side?: string;
}

export interface UploadIntentOptions {
  /** Which kinds this page accepts (its slots), with the side for identity documents. */
  accepts(kind: string, side: string | undefined): boolean | Promise<boolean>;
  /**
   * The slot the page shows for a kind and side, or null when it shows none. Without it the slot is
   * named by its kind (the financial and withdrawal steps). A post naming any other slot did not come
   * from the page and goes nowhere: the slot ends up in the Location header.
   */
  slotOf?(kind: string, side: "front" | "back" | undefined): string | null;
  /**
   * Without JavaScript a wizard step's form comes with its chosen files: what was typed is saved
   * before them (decision 0007). Answers a response to stop with (the draft could not be saved), or
   * null.
   */
  saveTyped?(formData: FormData): Promise<Response | null>;
  /**
   * For a form that is not saved with an upload (the profile's): the upload comes back with what was
   * typed, to show again, beside the slot's message when it was refused (uploadError) and in place
   * of the redirect when it was stored (null: nothing typed is lost). Without it, a refusal
   * answers only the message and a stored file redirects to its slot.
   */
  keepTyped?(formData: FormData, refusal: ({ slot: string } & SlotRefusal) | null): Response;
  /** Runs after the upstream stored the file (e.g. relate it to a claim in the draft). */
  afterUpload?(file: UploadedFile, fields: SlotFields): Promise<void>;
  /** Where to come back to: the page and the slot's anchor. */
  redirectTo(fields: SlotFields): string;
}

/** Why a file was not stored: the message at its slot, the answer's status and when to try again. */
export interface SlotRefusal {
  message: string;
  status: number;
  /** Set when the same file may go later (too many uploads at once): the answer's Retry-After. */
  retryAfterSeconds?: number;
}

/** A refusal of the file itself (its slot, its bytes, its size): 400 unless said otherwise. */
const refusedFile = (message: string, status = 400): SlotRefusal => ({ message, status });

/** A refused upload: the failure shape with the message at the slot's field (uploadFieldName). */
export function uploadFailure(
  slot: string,
  refusal: SlotRefusal | string,
  submitted: FormData | null = null,
  formId: string | null = null,
) {
  const { message, status, retryAfterSeconds } = typeof refusal === "string" ? refusedFile(refusal) : refusal;
  return formFailure(
    slot ? { [uploadFieldName(slot)]: message } : { [NON_FIELD_ERRORS]: message },
    submitted ?? {},
    status,
    {
      formId,
      headers: retryAfterSeconds === undefined ? undefined : { "Retry-After": String(retryAfterSeconds) },
    },
  );
}

/** An upload post ends with a response, or hands a page form's own intent back to its action. */
export type UploadPostOutcome =
  | { response: Response }
  | {
      formData: FormData;
      /** files sent upstream on the way: the page's lists are stale */ uploaded: number;
    };

/**
 * §8 "Upload failure: … else アップロードエラー (message), else アップロードエラー": the app's own
 * refusals of a file (its slot, its bytes, its size) read as the upstream's do.
 */
const refusal = (reason: string | null) => uploadFailureText(null, reason);

const WRONG_SLOT = refusal("アップロード先が正しくありません。");
const NO_FILE = refusal(UploadRuleMessage.noFile);

/** True when the page shows this slot for this kind and side, and takes that kind now. */
async function offers(target: StepUploadTarget, options: UploadIntentOptions): Promise<boolean> {
  const slotOf = options.slotOf ?? ((kind: string) => kind);
  if (slotOf(target.kind, target.side) !== target.slot) return false;
  return options.accepts(target.kind, target.side);
}

/**
 * Sends one file into its slot: null when stored, else the refusal for the slot. `file` is the file
 * to send, or the message (refusal) for a file that may not be sent. Too many uploads at once
 * (decision 0021) are refused here, before a byte goes upstream.
 */
async function uploadIntoSlot(
  ctx: RequestContext,
  fields: StepUploadTarget,
  file: OutgoingFile | string,
  options: UploadIntentOptions,
  uploadKey: string | null = null,
): Promise<SlotRefusal | null> {
  if (!(await offers(fields, options))) return refusedFile(WRONG_SLOT);
  if (typeof file === "string") return refusedFile(file);
  let uploaded: UploadedFile;
  try {
    const admission = admitUpload(await uploaderOf(ctx), appConfig().maxUploadsAtOnce);
    try {
      uploaded = await sendUpload(ctx, { kind: fields.kind, side: fields.side, file, uploadKey });
    } finally {
      admission.release();
    }
  } catch (error) {
    if (error instanceof UploadsBusyError) {
      const { status, retryAfterSeconds } = error;
      return { message: refusal(error.message), status, retryAfterSeconds };
    }
    // The browser's retry of a file whose earlier try the server still handles (its line dropped):
    // 409, sent again by the slot once that try is over, stored or not (the key decides).
    if (error instanceof UploadInProgressError && error.sameFile) {
      return { message: refusal(error.message), status: 409, retryAfterSeconds: 1 };
    }
    const message = uploadFailureMessage(error);
    if (message === null) throw error;
    return refusedFile(message);
  }
  await options.afterUpload?.(uploaded, fields);
  return null;
}

/** A spooled part as uploadIntoSlot takes it: the file, or the refusal saying why it may not be sent. */
function spooledOrProblem(part: ReceivedFilePart): OutgoingFile | string {
  const problem = fileProblem(part);
  if (problem) return refusal(problem);
  return spooledFile({ ...part.file!, contentType: part.file!.contentType! });
}

/**
 * A slot's file streamed as the request body (JavaScript on, decision 0016): checked by its size and
 * first bytes, then sent upstream as it arrives; back to the slot (PRG), or its message with a 4xx
 * (413 when larger than the limit, or than its Content-Length said). The rest of a refused body is
 * read and dropped, so the answer reaches the browser.
 */
async function handleStreamedUpload(
  ctx: RequestContext,
  request: Request,
  options: UploadIntentOptions,
): Promise<Response> {
  const { target, fileName, uploadKey } = parseStreamedUploadHeaders(request.headers);
  const upload = await readStreamedUpload(request, fileName ?? "");
  try {
    // A slot that is no name a page gives is not echoed, not even in the JSON answer.
    if (!target || fileName === null) return uploadFailure("", WRONG_SLOT);
    let refused: SlotRefusal | null;
    try {
      const file = upload.file ?? refusal(upload.refusal()!.reason);
      refused = await uploadIntoSlot(ctx, target, file, options, uploadKey);
    } catch (error) {
      // The body broke off or ran over its length: the browser's fault, not the upstream's.
      if (!upload.refusal()) throw error;
      refused = refusedFile(refusal(upload.refusal()!.reason));
    }
    if (!refused) return redirect(options.redirectTo(target));
    const bodyRefusal = upload.refusal();
    return uploadFailure(target.slot, bodyRefusal ? { ...refused, status: bodyRefusal.status } : refused);
  } finally {
    upload.release();
  }
}

/**
 * A post of a page with upload slots (isUploadPost). A slot's streamed file (JavaScript on): sent,
 * then back to the slot. A slot's own form without JavaScript: its one file, the same way. The page's
 * form (JavaScript off, decision 0007): what was typed is saved first, then every chosen file is
 * sent, one upstream POST each, the pressed slot's first; an upload button then comes back to its
 * slot, any other button's intent goes back to the action. A refused file stops there with its
 * message at its slot.
 */
export async function handleUploadPost(
  ctx: RequestContext,
  request: Request,
  options: UploadIntentOptions,
): Promise<UploadPostOutcome> {
  if (isStreamedUpload(request)) return { response: await handleStreamedUpload(ctx, request, options) };
  const form = await readMultipartForm(request, { isFileField: isUploadFileField });
  try {
    // The page's form may carry an intent of its own besides the pressed button's.
    const intents = form.formData.getAll("intent");
    const pressed = intents.map(parseStepUploadIntent).find(Boolean) ?? null;
    if (!pressed && intents.includes("upload")) {
      // A slot that is no name a page gives is not echoed, not even in the JSON answer.
      const fields = parseUploadTarget(form.fields);
      if (!fields) return { response: uploadFailure("", WRONG_SLOT) };
      const refused = await uploadIntoSlot(ctx, fields, spooledOrProblem(form), options);
      return {
        response: refused ? uploadFailure(fields.slot, refused) : redirect(options.redirectTo(fields)),
      };
    }

    const chosen: { fields: StepUploadTarget; part: ReceivedFilePart }[] = [...form.parts].flatMap(
      ([name, part]) => {
        const fields = parseStepUploadFileField(name);
        return fields ? [{ fields, part }] : [];
      },
    );
    chosen.sort((a, b) => Number(b.fields.slot === pressed?.slot) - Number(a.fields.slot === pressed?.slot));
    const refuse = (slot: string, refused: SlotRefusal) =>
      options.keepTyped
        ? options.keepTyped(form.formData, { slot, ...refused })
        : uploadFailure(slot, refused);
    if (pressed && !(await offers(pressed, options)))
      return { response: refuse("", refusedFile(WRONG_SLOT)) };
    if ((pressed || chosen.length > 0) && options.saveTyped) {
      const stop = await options.saveTyped(form.formData);
      if (stop) return { response: stop };
    }
    if (pressed && chosen.length === 0) return { response: refuse(pressed.slot, refusedFile(NO_FILE)) };
    for (const file of chosen) {
      const refused = await uploadIntoSlot(ctx, file.fields, spooledOrProblem(file.part), options);
      if (refused) return { response: refuse(file.fields.slot, refused) };
    }
    if (pressed) {
      const response = options.keepTyped
        ? options.keepTyped(form.formData, null)
        : redirect(options.redirectTo(pressed));
      return { response };
    }
    return { formData: form.formData, uploaded: chosen.length };
  } finally {
    await form.cleanup();
  }
}

/**
 * DELETE /api/uploads/{id}/ for a file the page lists; §8 "Delete failure toast:
 * 削除に失敗しました。画面をリロードして再度お試しください".
 */
export async function handleDeleteIntent(
  ctx: RequestContext,
  formData: FormData,
  options: { redirectTo: string; afterDelete?(id: number): Promise<void> },
) {
  const id = String(formData.get("file_id") ?? "");
  if (!/^[0-9]{1,18}$/.test(id)) return deleteFailure();
  try {
    await deleteUpload(ctx, Number(id));
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status >= 499) throw error;
    return deleteFailure();
  }
  await options.afterDelete?.(Number(id));
  return redirect(options.redirectTo);
}

/** §8 "Delete failure toast": the failure shape with the message for the whole form. */
export function deleteFailure() {
  return formFailure({ [NON_FIELD_ERRORS]: ErrorMessage.deleteFailed }, {}, 400, { formId: DELETE_FORM_ID });
}
