// The upload and delete intents of every page with upload slots: one file per POST (ARCHITECTURE §8), PRG
// back to the slot. Streamed with JavaScript (decision 0016); the page's form without it (decision 0007).

import { redirect } from "@remix-run/node";
import { ErrorMessage, uploadFailureText } from "~/domain/error-messages";
import { UploadRuleMessage, slotRefusal, takesSeveralFiles } from "~/domain/upload-rules";
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
import { addressBlock, clientAddress } from "~/request/client-address";
import { appConfig } from "~/settings/config.server";
import type { RequestContext } from "~/request/context.server";
import { personOf } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/errors.server";
import { UploadsBusyError, admitUpload } from "~/upstream/upload-admission.server";
import {
  type OutgoingFile,
  UploadInProgressError,
  UploadKeyUsedElsewhereError,
  type UploadedFile,
  deleteUpload,
  deleteUploadsQuietly,
  loadSlotFiles,
  sendUpload,
  uploadFailureMessage,
} from "~/upstream/uploads.server";
import { type ReceivedFilePart, fileProblem, spooledFile } from "./multipart-form.server";

export interface SlotFields {
  slot: string;
  kind: string;
  side?: string;
}

export interface UploadIntentOptions {
  accepts(kind: string, side: string | undefined): boolean | Promise<boolean>;
  /** The slot shown for a kind and side (else named by its kind): a post naming another goes nowhere. */
  slotOf?(kind: string, side: "front" | "back" | undefined): string | null;
  /** Saves what was typed before the files are sent (decision 0007); a response stops the post. */
  saveTyped?(formData: FormData): Promise<Response | null>;
  /** For a form not saved with an upload (the profile's): the answer that shows what was typed again. */
  keepTyped?(formData: FormData, refusal: ({ slot: string } & SlotRefusal) | null): Response;
  afterUpload?(file: UploadedFile, fields: SlotFields): Promise<void>;
  redirectTo(fields: SlotFields): string;
}

export interface SlotRefusal {
  message: string;
  status: number;
  retryAfterSeconds?: number;
}

const refusedFile = (message: string, status = 400): SlotRefusal => ({ message, status });

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

export type UploadPostOutcome =
  | { response: Response }
  | {
      formData: FormData;
      /** files sent upstream on the way: the page's lists are stale */ uploaded: number;
    };

// §8: the app's own refusals of a file read as the upstream's do (アップロードエラー (message)).
const refusal = (reason: string | null) => uploadFailureText(null, reason);

const WRONG_SLOT = refusal("アップロード先が正しくありません。");
const NO_FILE = refusal(UploadRuleMessage.noFile);

async function offers(target: StepUploadTarget, options: UploadIntentOptions): Promise<boolean> {
  const slotOf = options.slotOf ?? ((kind: string) => kind);
  if (slotOf(target.kind, target.side) !== target.slot) return false;
  return options.accepts(target.kind, target.side);
}

// Too many uploads at once are refused here, before a byte goes upstream (decision 0021).
async function uploadIntoSlot(
  ctx: RequestContext,
  fields: StepUploadTarget,
  file: OutgoingFile | string,
  options: UploadIntentOptions,
  uploadKey: string | null = null,
): Promise<SlotRefusal | null> {
  if (!(await offers(fields, options))) return refusedFile(WRONG_SLOT);
  if (typeof file === "string") return refusedFile(file);
  // A slot of several files (decision 0035): a full one is refused before a byte goes upstream.
  const several = takesSeveralFiles(fields.kind);
  if (several) {
    const full = slotRefusal(await loadSlotFiles(ctx, fields.kind), file.size);
    if (full) return refusedFile(refusal(full));
  }
  let uploaded: UploadedFile;
  try {
    const { maxUploadsAtOnce, maxUploadsAtOncePerAddress } = appConfig();
    const admission = admitUpload(
      { person: await personOf(ctx), address: addressBlock(clientAddress(ctx.request)) },
      { inAll: maxUploadsAtOnce, perAddress: maxUploadsAtOncePerAddress },
    );
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
    // A retry of a file whose earlier try still runs (its line dropped): 409, and the slot sends it again.
    if (error instanceof UploadInProgressError && error.sameFile) {
      return { message: refusal(error.message), status: 409, retryAfterSeconds: 1 };
    }
    const message = uploadFailureMessage(error);
    if (message === null) throw error;
    // 422, not 409: the slot sends a 409 again, and this key never goes in this slot.
    return refusedFile(message, error instanceof UploadKeyUsedElsewhereError ? 422 : 400);
  }
  if (several) {
    // Uploads at once may each have found room: the files stored before this one decide, so the
    // earlier stay and this one goes.
    const before = (await loadSlotFiles(ctx, fields.kind)).filter((kept) => kept.id < uploaded.id);
    const full = slotRefusal(before, uploaded.size ?? file.size);
    if (full) {
      await deleteUploadsQuietly(ctx, [uploaded.id]);
      return refusedFile(refusal(full));
    }
  }
  await options.afterUpload?.(uploaded, fields);
  return null;
}

function spooledOrProblem(part: ReceivedFilePart): OutgoingFile | string {
  const problem = fileProblem(part);
  if (problem) return refusal(problem);
  return spooledFile({ ...part.file!, contentType: part.file!.contentType! });
}

// The rest of a refused body is read and dropped, so the answer reaches the browser.
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

/** Without JavaScript: what was typed is saved first, then each chosen file, the pressed slot's first. */
export async function handleUploadPost(
  ctx: RequestContext,
  request: Request,
  options: UploadIntentOptions,
): Promise<UploadPostOutcome> {
  if (isStreamedUpload(request)) return { response: await handleStreamedUpload(ctx, request, options) };
  const form = await readMultipartForm(request, { isFileField: isUploadFileField });
  try {
    const intents = form.formData.getAll("intent");
    const pressed = intents.map(parseStepUploadIntent).find(Boolean) ?? null;
    if (!pressed && intents.includes("upload")) {
      const fields = parseUploadTarget(form.fields);
      if (!fields) return { response: uploadFailure("", WRONG_SLOT) };
      // Several files chosen together (decision 0035) go one after another; the first refused stops them.
      const parts = form.parts.get("content") ?? [form];
      for (const part of parts) {
        const refused = await uploadIntoSlot(ctx, fields, spooledOrProblem(part), options);
        if (refused) return { response: uploadFailure(fields.slot, refused) };
      }
      return { response: redirect(options.redirectTo(fields)) };
    }

    const chosen: { fields: StepUploadTarget; part: ReceivedFilePart }[] = [...form.parts].flatMap(
      ([name, parts]) => {
        const fields = parseStepUploadFileField(name);
        return fields ? parts.map((part) => ({ fields, part })) : [];
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
