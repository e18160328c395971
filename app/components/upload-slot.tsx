// One upload slot (ARCHITECTURE decision 8): its own form, one file per POST. Without JavaScript
// the form posts and the page comes back with the file listed (or the error at the input); with it,
// the same form posts in the background and the page updates in place. The accepted types and the
// size limit are written beside the input.

import { useFetcher } from "@remix-run/react";
import { ACCEPT_ATTRIBUTE, UploadRuleMessage } from "~/domain/upload-rules";

export interface UploadedFileView {
  name: string;
  uploadedAt: string;
}

export interface UploadFailure {
  uploadError: { slot: string; message: string };
}

export interface UploadSlotProps {
  /** Unique on the page: ties the form, its input and its errors together. */
  slot: string;
  label: string;
  kind: string;
  side?: "front" | "back";
  current: UploadedFileView | null;
  /** The error the page's own action returned for this slot (no JavaScript). */
  error?: string | null;
}

export function UploadSlot({ slot, label, kind, side, current, error }: UploadSlotProps) {
  const fetcher = useFetcher<UploadFailure>();
  const busy = fetcher.state !== "idle";
  const fetcherError = fetcher.data?.uploadError?.slot === slot ? fetcher.data.uploadError.message : null;
  const message = busy ? null : (fetcherError ?? error ?? null);
  const inputId = `upload-${slot}`;
  const described = [`${inputId}-hint`, message ? `${inputId}-error` : null].filter(Boolean).join(" ");
  return (
    <fetcher.Form
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
      <p className="upload-current" data-testid={`${inputId}-current`}>
        {current
          ? `アップロード済み：${current.name}（${current.uploadedAt}）`
          : "まだアップロードされていません"}
      </p>
      {message ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          <span className="visually-hidden">エラー：</span>
          {message}
        </p>
      ) : null}
      <input
        id={inputId}
        type="file"
        name="content"
        accept={ACCEPT_ATTRIBUTE}
        required
        aria-describedby={described}
        aria-invalid={message ? true : undefined}
        className="upload-input"
      />
      <button type="submit" className="button button-secondary" disabled={busy}>
        {busy ? "アップロード中…" : current ? "このファイルに差し替える" : "アップロードする"}
      </button>
    </fetcher.Form>
  );
}
