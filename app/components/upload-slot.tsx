// One upload slot (ARCHITECTURE §8): without JavaScript it posts its own form (or the step's, decision
// 0007); with it the file is the streamed body (decisions 0016, 0021, 0028).

import { useMatches, useRevalidator } from "@remix-run/react";
import { type ChangeEvent, useState } from "react";
import { uploadFailureText } from "~/domain/error-messages";
import { uploadFieldName } from "~/domain/file-kinds";
import {
  ACCEPT_ATTRIBUTE,
  CAMERA_ACCEPT_ATTRIBUTE,
  PhotoMessage,
  UploadRuleMessage,
  takesSeveralFiles,
} from "~/domain/upload-rules";
import { isFormFailure } from "~/forms/form-failure";
import { uploadLanes } from "~/forms/upload-lanes";
import {
  newUploadKey,
  stepUploadFileField,
  stepUploadIntent,
  streamedUploadHeaders,
} from "~/forms/step-upload";
import { FieldMessage } from "./form/fields";
import type * as Photos from "./photo-scaling.client";
import type * as Transport from "./upload-transport.client";
import type { UploadedFileView } from "~/forms/step-upload";
import { useField } from "./form/scope";
import { routeDataUrl } from "~/runtime/remix-internals";
import { useHydrated } from "./use-hydrated";

export interface UploadSlotProps {
  /** Unique on the page: ties the form, its input and its errors together. */
  slot: string;
  label: string;
  kind: string;
  side?: "front" | "back";
  /** The file now in the slot, for slots that hold one (identity); lists of several use UploadedFiles. */
  current?: UploadedFileView | null;
  /** A message this page knows for the slot besides the action's answer (read from the form scope). */
  error?: string | null;
  /** The wizard step's form, which the slot joins without JavaScript (decision 0007). */
  stepForm?: string;
  /** A line of the page's own beside the picker (what to send, what not to). */
  hint?: string;
}

/** §5 "Only one upload per file kind at a time": the kinds uploading now, across the page's slots. */
const uploadingKinds = new Set<string>();
/** The page's uploads at once, across its slots (the server refuses a person more). */
const lanes = uploadLanes();

/** The upload transport and the photo scaling, fetched once, when the page first needs them. */
type UploadModules = [typeof Transport, typeof Photos];
let modules: Promise<UploadModules> | null = null;

function loadUploadModules(): Promise<UploadModules> {
  if (!modules) {
    modules = Promise.all([import("./upload-transport.client"), import("./photo-scaling.client")]);
    // A fetch the line broke is tried again at the next choice.
    modules.catch(() => (modules = null));
  }
  return modules;
}

/** The slot's data endpoint: the route's action, where the slot's form posts without JavaScript. */
function uploadUrl(routeId: string): string {
  return routeDataUrl(window.location.href, routeId);
}

/** Multipart before hydration, so the slots' files go with whichever button is pressed (decision 0007). */
export function usePageFormEncType(): "multipart/form-data" | undefined {
  return useHydrated() ? undefined : "multipart/form-data";
}

export function UploadSlot({ slot, label, kind, side, current, error, stepForm, hint }: UploadSlotProps) {
  const fieldName = uploadFieldName(slot);
  const field = useField(fieldName, { error });
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<number | null>(null);
  /** Which of the files chosen together is on its way (shown when there are several). */
  const [position, setPosition] = useState<{ at: number; of: number } | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const [scaling, setScaling] = useState(false);
  /** What happened to a scaled photo (size before and after), shown until the next file is chosen. */
  const [note, setNote] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const matches = useMatches();
  const revalidator = useRevalidator();
  const routeId = matches.at(-1)?.id ?? "root";

  function prefetch() {
    loadUploadModules().catch(() => {});
  }

  /** Sends one file; answers the slot's refusal of it, or null when it was stored. */
  async function sendOne(chosen: File, [transport, photos]: UploadModules): Promise<string | null> {
    setNote(null);
    setProgress(0);
    // Only a JPEG or PNG may need scaling (photoScaling); deciding means decoding it.
    setScaling(chosen.type === "image/jpeg" || chosen.type === "image/png");
    const scaled = await photos.scaledPhoto(chosen).finally(() => setScaling(false));
    if (scaled) setNote(PhotoMessage.scaled(chosen.size, scaled.size));
    const file = scaled ?? chosen;
    // One key for the file, whatever number of tries it takes (decision 0028).
    const headers = streamedUploadHeaders({
      slot,
      kind,
      side,
      fileName: file.name,
      uploadKey: newUploadKey(),
    });
    const outcome = await lanes.run(
      () => {
        setWaiting(false);
        return transport.sendUpload(uploadUrl(routeId), headers, file, {
          onProgress: setProgress,
          onReconnecting: setReconnecting,
        });
      },
      () => setWaiting(true),
    );
    if ("lineGone" in outcome) return UploadRuleMessage.lineGone;
    const result = outcome.answered;
    const failure = isFormFailure(result.body) ? result.body : null;
    const refusal = failure ? (failure.fieldErrors[fieldName] ?? failure.formErrors[0]) : undefined;
    if (refusal) return refusal;
    // 413: the request was over the upload cap (decision 0008) and refused unread, by the app or a proxy.
    if (result.status === 413) return uploadFailureText(null, UploadRuleMessage.tooLarge);
    if (result.status >= 400) return UploadRuleMessage.failed;
    return null;
  }

  // Files chosen together go one after another: §5 allows one upload per kind at a time.
  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const chosen = Array.from(input.files ?? []);
    if (chosen.length === 0) return;
    if (uploadingKinds.has(kind)) {
      setClientError(UploadRuleMessage.inProgress);
      input.value = "";
      return;
    }
    uploadingKinds.add(kind);
    setClientError(null);
    setProgress(0);
    try {
      const loaded = await loadUploadModules();
      for (const [index, file] of chosen.entries()) {
        setPosition(chosen.length > 1 ? { at: index + 1, of: chosen.length } : null);
        const refusal = await sendOne(file, loaded);
        if (refusal === null) {
          field.onInput();
          revalidator.revalidate();
          continue;
        }
        const left = chosen.length - index - 1;
        setClientError(
          chosen.length > 1
            ? `「${file.name}」：${refusal}${left > 0 ? `（残りの${left}ファイルは送っていません）` : ""}`
            : refusal,
        );
        revalidator.revalidate();
        break;
      }
    } catch {
      setClientError(UploadRuleMessage.failed);
    } finally {
      uploadingKinds.delete(kind);
      setProgress(null);
      setPosition(null);
      setReconnecting(false);
      input.value = "";
    }
  }

  // Before hydration (and without JavaScript) a step's slot posts the step form; after it, its own.
  const viaStep = !hydrated && stepForm ? stepForm : null;
  const busy = progress !== null;
  const message = busy ? null : (clientError ?? field.error ?? null);
  const inputId = field.id;
  const several = takesSeveralFiles(kind) && !side;
  const cameraId = `${inputId}-camera`;
  const hints = [
    hint ? `${inputId}-own-hint` : null,
    `${inputId}-hint`,
    several ? `${inputId}-slot-hint` : null,
    hydrated ? `${inputId}-photo-hint` : null,
  ].filter((id): id is string => id !== null);
  const described = [...hints, message ? `${inputId}-error` : null].filter(Boolean).join(" ");
  // Inside a step the input and button belong to the step's form. The element never changes at
  // hydration, so a file chosen before it stays chosen.
  const ownForm = !stepForm;
  const Slot = ownForm ? "form" : "div";
  return (
    <Slot
      {...(ownForm ? { method: "post", encType: "multipart/form-data" } : {})}
      className={message ? "upload-slot field-has-error" : "upload-slot"}
      aria-busy={busy}
    >
      {ownForm ? (
        <>
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="slot" value={slot} />
          <input type="hidden" name="kind" value={kind} />
          {side ? <input type="hidden" name="side" value={side} /> : null}
        </>
      ) : null}
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={`${inputId}-own-hint`} className="field-hint upload-own-hint">
          {hint}
        </p>
      ) : null}
      <p id={`${inputId}-hint`} className="field-hint">
        {UploadRuleMessage.limits}
      </p>
      {several ? (
        <p id={`${inputId}-slot-hint`} className="field-hint" data-testid={`upload-${slot}-limits`}>
          {UploadRuleMessage.slotLimits}
        </p>
      ) : null}
      {hydrated ? (
        <p id={`${inputId}-photo-hint`} className="field-hint">
          {PhotoMessage.scaledHint}
        </p>
      ) : null}
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
        multiple={several}
        required={!viaStep}
        disabled={busy}
        aria-describedby={described}
        aria-invalid={message ? true : undefined}
        className="upload-input"
        onChange={hydrated ? upload : undefined}
        // The transport is fetched while the person picks a file, not during hydration.
        onClick={hydrated ? prefetch : undefined}
      />
      {/* The camera straight away; without JavaScript the picker's image/* offers it too. */}
      {hydrated ? (
        <p className="upload-camera">
          <label htmlFor={cameraId} className="upload-camera-label">
            {PhotoMessage.camera}
          </label>
          <input
            id={cameraId}
            type="file"
            accept={CAMERA_ACCEPT_ATTRIBUTE}
            capture="environment"
            disabled={busy}
            aria-label={`${label}：${PhotoMessage.camera}`}
            aria-describedby={hints.join(" ")}
            className="upload-input"
            onChange={upload}
            onClick={prefetch}
          />
        </p>
      ) : null}
      {note ? <p className="field-hint upload-note">{note}</p> : null}
      {busy ? (
        <p className="upload-progress" role="status">
          {scaling ? (
            PhotoMessage.scaling
          ) : waiting ? (
            UploadRuleMessage.waiting
          ) : (
            <>
              <progress max={1} value={progress ?? 0} aria-label={`${label}をアップロード中`} />
              {reconnecting
                ? UploadRuleMessage.reconnecting
                : `アップロード中${position ? `（${position.at}/${position.of}）` : ""}… ${Math.round((progress ?? 0) * 100)}%`}
            </>
          )}
        </p>
      ) : null}
      {/* Without JavaScript the person sends the file with this button; with it the file goes when chosen. */}
      {hydrated && !ownForm ? null : (
        <button
          type="submit"
          hidden={hydrated}
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
    </Slot>
  );
}
