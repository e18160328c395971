// A slot's files, each deleted behind a <details> confirmation (works without JavaScript); a failed
// delete answers its own form (DELETE_FORM_ID), so no page form's summary repeats it.

import { Form, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { FileGroup, NamedFile } from "~/domain/entry-documents";
import { TOAST_DISPLAY_MS } from "~/domain/enumerations";
import { omitFileField } from "~/domain/resubmission";
import { fileSizeText } from "~/domain/upload-rules";
import { DELETE_FORM_ID, isFormFailure } from "~/forms/form-failure";
import { useField } from "./form/scope";
import { SubmitButton } from "./form/submit-button";
import { useHydrated } from "./use-hydrated";

export interface UploadedFileItem {
  id: number;
  name: string;
  uploadedAt: string;
  /** Bytes stored; null when the upstream did not say. */
  size: number | null;
}

export function UploadedFiles({ files, label }: { files: readonly UploadedFileItem[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <div className="uploaded-files">
      <ul aria-label={`${label}のアップロード済みファイル`}>
        {files.map((file) => (
          <li key={file.id}>
            <span className="uploaded-file-name">{file.name}</span>
            <span className="uploaded-file-date">
              （{file.size === null ? file.uploadedAt : `${fileSizeText(file.size)}・${file.uploadedAt}`}）
            </span>
            <details className="delete-confirmation">
              <summary>削除</summary>
              <Form method="post" replace preventScrollReset>
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="file_id" value={file.id} />
                <p>「{file.name}」を削除しますか？</p>
                <SubmitButton variant="danger" pendingText="削除しています…">
                  削除する
                </SubmitButton>
              </Form>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

export type SubmittedFileItem = NamedFile;

/** Files read, not changed: their names, the list named for what they are. */
export function FileNames({ files, label }: { files: readonly NamedFile[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <ul className="file-names" aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>{file.name}</li>
      ))}
    </ul>
  );
}

/** Rows of a summary list (<dl>): each kind of document, then its files. */
export function FileGroupRows({ groups }: { groups: readonly FileGroup[] }) {
  return groups.map((group) => (
    <div key={group.label}>
      <dt>{group.label}</dt>
      <dd>
        <FileNames files={group.files} label={group.label} />
      </dd>
    </div>
  ));
}

/** The files an entry was submitted with, read-only (a resubmission replaces them). */
/**
 * The files an entry already holds. `omittable`: each may be left out of the resubmission (the others
 * are sent again), by a checkbox of the page's form.
 */
export function SubmittedFiles({
  files,
  label,
  omittable = false,
}: {
  files: readonly SubmittedFileItem[];
  label: string;
  omittable?: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <div className="submitted-files">
      <p className="field-hint">提出済みのファイル：</p>
      <ul aria-label={`${label}の提出済みファイル`}>
        {files.map((file) => (
          <li key={file.id}>
            {file.name}
            {omittable ? <OmitCheckbox file={file} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function OmitCheckbox({ file }: { file: SubmittedFileItem }) {
  const field = useField(omitFileField(file.id));
  return (
    <label className="choice">
      <input
        type="checkbox"
        id={field.id}
        name={omitFileField(file.id)}
        form={field.form}
        defaultChecked={field.defaultValue === "on"}
        aria-label={`「${file.name}」を再提出に含めない`}
      />
      再提出に含めない
    </label>
  );
}

/** §8 "Delete failure toast" for §9's 7000 ms with JavaScript; inline until the next page without it. */
export function DeleteFailure() {
  const actionData = useActionData();
  const message =
    isFormFailure(actionData) && actionData.formId === DELETE_FORM_ID
      ? (actionData.formErrors[0] ?? null)
      : null;
  const hydrated = useHydrated();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!message) return;
    const timer = window.setTimeout(() => setExpired(true), TOAST_DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [actionData, message]);
  if (!message || (hydrated && expired)) return null;
  return (
    <p className={hydrated ? "toast" : "alert"} role="alert">
      {message}
    </p>
  );
}
