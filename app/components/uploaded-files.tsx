// The files uploaded into a slot, each with a delete button behind a confirmation. The confirmation
// is a <details> disclosure, so it works the same with and without JavaScript. A refused delete
// answers the failure shape: its message shows once, in the page's error summary.

import { Form } from "@remix-run/react";
import { SubmitButton } from "./form/submit-button";

export interface UploadedFileItem {
  id: number;
  name: string;
  uploadedAt: string;
}

export function UploadedFiles({ files, label }: { files: readonly UploadedFileItem[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <div className="uploaded-files">
      <ul aria-label={`${label}のアップロード済みファイル`}>
        {files.map((file) => (
          <li key={file.id}>
            <span className="uploaded-file-name">{file.name}</span>
            <span className="uploaded-file-date">（{file.uploadedAt}）</span>
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
