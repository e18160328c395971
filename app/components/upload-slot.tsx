// One upload slot (ARCHITECTURE decision 8): its own form, one file per POST. Without JavaScript
// the form posts and the page comes back with the file listed (or the error at the input); inside a
// wizard step it posts the step's form instead, so what was typed is saved with it. With JavaScript,
// the file uploads as soon as it is chosen, with a progress bar, and the page updates in place: the
// file itself is the request body, so the server streams it on to the upstream (decision 0016); at
// most three of a page's files go at once, the others wait their turn (decision 0021). The accepted
// types and the size limit are written beside the input.

import { useMatches, useRevalidator } from "@remix-run/react";
import { type ChangeEvent, useRef, useState } from "react";
import { uploadFailureText } from "~/domain/error-messages";
import { uploadFieldName } from "~/domain/file-kinds";
import { ACCEPT_ATTRIBUTE, UploadRuleMessage } from "~/domain/upload-rules";
import { isFormFailure } from "~/forms/form-failure";
import { uploadLanes } from "~/forms/upload-lanes";
import {
  type StepUploadTarget,
  stepUploadFileField,
  stepUploadIntent,
  streamedUploadHeaders,
} from "~/forms/step-upload";
import { FieldMessage } from "./form/fields";
import { useField } from "./form/scope";
import { useHydrated } from "./use-hydrated";

export interface UploadedFileView {
  name: string;
  uploadedAt: string;
}

export interface UploadSlotProps {
  /** Unique on the page: ties the form, its input and its errors together. */
  slot: string;
  label: string;
  kind: string;
  side?: "front" | "back";
  /** The file now in the slot, for slots that hold one (identity); lists use UploadedFiles. */
  current?: UploadedFileView | null;
  /** A message this page knows for the slot besides the action's answer (read from the form scope). */
  error?: string | null;
  /**
   * The wizard step's form, when the slot stands in one: without JavaScript the slot's input and
   * button join it, so what was typed on the step is sent and saved with the file (decision 0007).
   */
  stepForm?: string;
}

/** §5 "Only one upload per file kind at a time": the kinds uploading now, across the page's slots. */
const uploadingKinds = new Set<string>();
/** The page's uploads at once, across its slots (the server refuses a person more). */
const lanes = uploadLanes();

interface XhrResult {
  status: number;
  body: unknown;
}

/**
 * POSTs the chosen file to the route's data endpoint as the whole body, its slot in the headers
 * (streamedUploadHeaders), reporting progress (fetch cannot). The browser sends the file's size as
 * the Content-Length, so the server can stream it upstream without holding it.
 */
function postWithProgress(
  form: HTMLFormElement,
  routeId: string,
  upload: StepUploadTarget & { file: File },
  onProgress: (ratio: number) => void,
) {
  return new Promise<XhrResult>((resolve, reject) => {
    const url = new URL(form.action || window.location.href, window.location.href);
    url.searchParams.set("_data", routeId);
    const request = new XMLHttpRequest();
    request.open("POST", url.toString());
    const { file, ...target } = upload;
    for (const [name, value] of Object.entries(streamedUploadHeaders({ ...target, fileName: file.name }))) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener("error", () => reject(new Error("network")));
    request.send(file);
  });
}

export function UploadSlot({ slot, label, kind, side, current, error, stepForm }: UploadSlotProps) {
  const fieldName = uploadFieldName(slot);
  // The slot's message from the page's action (no JavaScript) comes through the form scope.
  const field = useField(fieldName, { error });
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<number | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const matches = useMatches();
  const revalidator = useRevalidator();
  const routeId = matches.at(-1)?.id ?? "root";

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const form = formRef.current;
    const file = event.target.files?.[0];
    if (!form || !file) return;
    if (uploadingKinds.has(kind)) {
      setClientError(UploadRuleMessage.inProgress);
      event.target.value = "";
      return;
    }
    uploadingKinds.add(kind);
    setClientError(null);
    setProgress(0);
    try {
      const result = await lanes.run(
        () => {
          setWaiting(false);
          return postWithProgress(form, routeId, { slot, kind, side, file }, setProgress);
        },
        () => setWaiting(true),
      );
      const failure = isFormFailure(result.body) ? result.body : null;
      const refusal = failure ? (failure.fieldErrors[fieldName] ?? failure.formErrors[0]) : undefined;
      if (refusal) setClientError(refusal);
      // 413: the request was over the upload cap (issue 14) and refused unread, by the app or a proxy.
      else if (result.status === 413) setClientError(uploadFailureText(null, UploadRuleMessage.tooLarge));
      else if (result.status >= 400) setClientError(UploadRuleMessage.failed);
      // The file is in: the page's message for this slot (e.g. 「…をアップロードしてください。」) leaves.
      else field.onInput();
      revalidator.revalidate();
    } catch {
      setClientError(UploadRuleMessage.failed);
    } finally {
      uploadingKinds.delete(kind);
      setProgress(null);
      form.reset();
    }
  }

  // Before hydration (and without JavaScript) a step's slot posts the step form; after it, its own.
  const viaStep = !hydrated && stepForm ? stepForm : null;
  const busy = progress !== null;
  const message = busy ? null : (clientError ?? field.error ?? null);
  const inputId = field.id;
  const described = [`${inputId}-hint`, message ? `${inputId}-error` : null].filter(Boolean).join(" ");
  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className={message ? "upload-slot field-has-error" : "upload-slot"}
      aria-busy={busy}
    >
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="slot" value={slot} />
      <input type="hidden" name="kind" value={kind} />
      {side ? <input type="hidden" name="side" value={side} /> : null}
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <p id={`${inputId}-hint`} className="field-hint">
        {UploadRuleMessage.limits}
      </p>
      {current !== undefined ? (
        <p className="upload-current" data-testid={`upload-${slot}-current`}>
          {current
            ? `アップロード済み：${current.name}（${current.uploadedAt}）`
            : "まだアップロードされていません"}
        </p>
      ) : null}
      <FieldMessage id={inputId} error={message} alert />
      <input
        id={inputId}
        type="file"
        form={viaStep ?? undefined}
        name={viaStep ? stepUploadFileField({ slot, kind, side }) : "content"}
        accept={ACCEPT_ATTRIBUTE}
        required={!viaStep}
        disabled={busy}
        aria-describedby={described}
        aria-invalid={message ? true : undefined}
        className="upload-input"
        onChange={hydrated ? upload : undefined}
      />
      {busy ? (
        <p className="upload-progress" role="status">
          {waiting ? (
            UploadRuleMessage.waiting
          ) : (
            <>
              <progress max={1} value={progress ?? 0} aria-label={`${label}をアップロード中`} />
              アップロード中… {Math.round((progress ?? 0) * 100)}%
            </>
          )}
        </p>
      ) : null}
      {/* Without JavaScript the person sends the file with this button; with it the file goes when chosen. */}
      {hydrated ? null : (
        <button
          type="submit"
          className="button button-secondary"
          {...(viaStep
            ? {
                form: viaStep,
                name: "intent",
                value: stepUploadIntent({ slot, kind, side }),
                formMethod: "post",
                formEncType: "multipart/form-data",
                formNoValidate: true,
              }
            : {})}
        >
          {current ? "このファイルに差し替える" : "アップロードする"}
        </button>
      )}
    </form>
  );
}
